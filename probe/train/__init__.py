"""Training: run config, the shared rollout engine, the composite reward, plausibility, the horizon
curriculum, checkpoints and run directories, the training loop (``loop``) and the three
algorithms (``algos``: GRPO, DPO, GFlowNet)."""
