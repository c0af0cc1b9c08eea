"""What every training loop shares: the policy being trained (`policy`), the run (`run`) and the
checkpoint layout (`checkpoints`)."""
