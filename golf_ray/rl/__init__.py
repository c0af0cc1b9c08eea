"""What every training loop shares: the checkpoint layout (`checkpoints`)."""
