"""What every training loop shares: the run (`run`) and the checkpoint layout (`checkpoints`)."""
