"""The solver-job system: long solver work run away from the web app's requests, in local worker
processes, a job host's, or ``spider worker`` processes on Redis, all behind one protocol
(:mod:`spider.jobs.protocol`) and one admission rule (:mod:`spider.jobs.admission`).

The web app uses it; it uses the solver, the store and the engine, and never the web app
(``tests/test_layers.py``)."""
