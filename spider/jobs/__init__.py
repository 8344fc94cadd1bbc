"""The solver-job system: queues, workers and the solver tasks they run (see protocol)."""
