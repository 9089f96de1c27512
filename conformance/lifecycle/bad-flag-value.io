# A flag with a bad value: exit status 2.
## args: --clock sundial
## exit: 2
