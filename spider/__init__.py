"""Spider and Spiderette solitaire: rules engine, command line, web app and solver."""

__version__ = "0.1.0"
