#ifndef PAYDRILL_CNCURSESW_SHIM_H
#define PAYDRILL_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <langinfo.h>
#include <locale.h>
#include <sys/ioctl.h>
#include <wchar.h>
#include <ncursesw/curses.h>
#include <ncursesw/term.h>

/* Swift 6 refuses mutable C globals and cannot see function-like macros: read them here. */
static inline WINDOW *cn_stdscr(void) { return stdscr; }
static inline int cn_lines(void) { return LINES; }
static inline int cn_cols(void) { return COLS; }
static inline int cn_colors(void) { return COLORS; }
static inline int cn_color_pairs(void) { return COLOR_PAIRS; }
static inline attr_t cn_attr_bold(void) { return A_BOLD; }
static inline attr_t cn_attr_dim(void) { return A_DIM; }
static inline attr_t cn_attr_underline(void) { return A_UNDERLINE; }
static inline attr_t cn_attr_reverse(void) { return A_REVERSE; }
static inline attr_t cn_attr_normal(void) { return A_NORMAL; }
static inline int cn_key_code_yes(void) { return KEY_CODE_YES; }
static inline int cn_err(void) { return ERR; }
static inline mmask_t cn_button1_pressed(void) { return BUTTON1_PRESSED; }
static inline int cn_key_mouse(void) { return KEY_MOUSE; }

/* Reads TERM's terminfo entry without opening the terminal (nothing is written to it, no mode changes):
   returns setupterm's status (1 found, 0 unknown or generic, -1 no terminfo database), and on 1 whether it
   can move the cursor (cup) and how many colours it has (-1 for none). */
static inline int cn_probe_terminal(int fd, int *can_move_cursor, int *colors) {
  int status = 0;
  if (setupterm(NULL, fd, &status) != OK) return status;
  const char *cup = tigetstr("cup");
  *can_move_cursor = cup != NULL && cup != (const char *)-1;
  *colors = tigetnum("colors");
  del_curterm(cur_term);
  return 1;
}

/* The terminal window's size as the kernel has it (after a SIGWINCH), in rows and columns: 0, or -1 when fd is
   no terminal. ioctl is variadic, which Swift cannot call. */
static inline int cn_window_size(int fd, int *height, int *width) {
  struct winsize size;
  if (ioctl(fd, TIOCGWINSZ, &size) != 0) return -1;
  *height = size.ws_row;
  *width = size.ws_col;
  return 0;
}

/* The character set of the current locale (after setlocale(LC_ALL, "")): "UTF-8", "ANSI_X3.4-1968", ... */
static inline const char *cn_codeset(void) { return nl_langinfo(CODESET); }

#endif
