"""Where things go on paper: page furniture, imposition, board tiling, dice nets, calibration."""
