#ifndef PAYDRILL_CNCURSESW_SHIM_H
#define PAYDRILL_CNCURSESW_SHIM_H

#define _XOPEN_SOURCE_EXTENDED 1
#include <locale.h>
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

#endif
