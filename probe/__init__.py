"""probe: train and use black-box auditors of tool-using LLM agents."""

__version__ = "0.1.0"
