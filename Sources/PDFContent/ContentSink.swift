// STUB: the interpreter lands here.
