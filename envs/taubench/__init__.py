"""τ-bench retail (τ²-bench) port: the retail database and its 15 tools."""
