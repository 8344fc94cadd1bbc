"""The HTTP plumbing under the routes: middleware, limits, logs and error answers."""
