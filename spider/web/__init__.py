"""The web app: thin routes over the engine, the store and the solver, plus the static front end."""
