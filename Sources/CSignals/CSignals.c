#include "CSignals.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <unistd.h>

/// The doorbell's write end, read by the handler: a `volatile sig_atomic_t` is what a handler may read.
static volatile sig_atomic_t doorbell = -1;

/// The handler: one `write(2)` (async-signal-safe) of the signal's number, `errno` kept for the code the
/// signal interrupted. A full pipe has bytes the loop has not read yet: the loop wakes anyway.
static void ring(int signal_number) {
  int saved = errno;
  unsigned char byte = (unsigned char)signal_number;
  ssize_t written = write((int)doorbell, &byte, 1);
  (void)written;
  errno = saved;
}

static int install(int signal_number, void (*handler)(int)) {
  struct sigaction action;
  memset(&action, 0, sizeof action);
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  // As `signal(3)` installs a handler on Linux and macOS: a read interrupted by the signal is restarted
  // (`poll` and `select` never are: the loop wakes).
  action.sa_flags = SA_RESTART;
  return sigaction(signal_number, &action, NULL);
}

int csignals_ring_doorbell(int signal_number, int doorbell_fd) {
  doorbell = doorbell_fd;
  return install(signal_number, ring);
}

int csignals_ignore(int signal_number) { return install(signal_number, SIG_IGN); }
