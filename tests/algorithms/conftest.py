"""One torch thread for the algorithm tests: tiny tensors, and a busy machine's second thread
only adds contention."""

import pytest
import torch


@pytest.fixture(autouse=True, scope="module")
def _one_thread():
    before = torch.get_num_threads()
    torch.set_num_threads(1)
    yield
    torch.set_num_threads(before)
