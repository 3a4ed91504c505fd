#ifndef CSIGNALS_H
#define CSIGNALS_H

/// The interactive loop's signal handler, in C so that what runs inside a signal is only what POSIX allows
/// there: the handler writes the signal's number, as one byte, to the loop's doorbell pipe, and keeps
/// `errno` as it found it. Everything else (which signal came, what it means) is done by the loop in normal
/// code, after `poll` woke for the byte.

/// Sends `signal_number` to the doorbell: from now on the signal writes its number as one byte to
/// `doorbell_fd` (a non-blocking pipe's write end; the same for every signal). 0 on success, else -1 and
/// `errno` (`sigaction(2)`).
int csignals_ring_doorbell(int signal_number, int doorbell_fd);

/// Ignores `signal_number` from now on (`SIG_IGN`). 0 on success, else -1 and `errno`.
int csignals_ignore(int signal_number);

#endif
