# An unknown command-line flag: usage on stderr, nothing on stdout, exit status 2.
## args: --no-such-flag
## exit: 2
