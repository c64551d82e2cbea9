// The one C doorway into ncursesw for the ChecklistsTerminal adapter.
//
// Why this file exists rather than a bare `#include <curses.h>`:
// - SwiftPM refuses pkg-config's -D_XOPEN_SOURCE flags (so the package
//   names no pkg-config file), and without them curses.h hides the
//   wide-character API (cchar_t, setcchar, wget_wch).
// - Function-like macros (A_BOLD, COLOR_PAIR, getmaxyx, KEY_F, ACS_*) do not
//   import into Swift, so they are wrapped in static inline functions here.
// - stdscr, LINES, COLS, stdout and cur_term are mutable C globals that Swift 6
//   rejects as shared state; accessor functions make each read explicit.
#ifndef CHECKLISTS_CNCURSESW_SHIM_H
#define CHECKLISTS_CNCURSESW_SHIM_H

#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif
#ifndef _XOPEN_SOURCE_EXTENDED
#define _XOPEN_SOURCE_EXTENDED 1
#endif

#include <stddef.h>
#include <stdio.h>
#include <wchar.h>
#include <locale.h>
#include <langinfo.h>
#include <unistd.h>
#include <sys/ioctl.h>
#include <poll.h>
#include <curses.h>
#include <term.h>

// glibc only declares these under _XOPEN_SOURCE, which SwiftPM drops; the
// adapter needs glibc's idea of a glyph's width to keep columns aligned.
extern int wcwidth(wchar_t c);
extern int wcswidth(const wchar_t *s, size_t n);

// MARK: Globals, read through functions so Swift sees no shared mutable state.

static inline WINDOW *shim_stdscr(void) { return stdscr; }
static inline WINDOW *shim_curscr(void) { return curscr; }
static inline int shim_lines(void) { return LINES; }
static inline int shim_cols(void) { return COLS; }
static inline int shim_colors(void) { return COLORS; }
static inline FILE *shim_stdout(void) { return stdout; }
static inline FILE *shim_stdin(void) { return stdin; }

// MARK: Macros that do not import.

static inline attr_t shim_a_normal(void) { return A_NORMAL; }
static inline attr_t shim_a_bold(void) { return A_BOLD; }
static inline attr_t shim_a_dim(void) { return A_DIM; }
static inline attr_t shim_a_reverse(void) { return A_REVERSE; }
static inline attr_t shim_a_underline(void) { return A_UNDERLINE; }
static inline int shim_color_pair(int n) { return (int)COLOR_PAIR(n); }
static inline int shim_key_f(int n) { return KEY_F(n); }
static inline int shim_ccharw_max(void) { return CCHARW_MAX; }

static inline void shim_getmaxyx(WINDOW *win, int *y, int *x) {
    int yy, xx;
    getmaxyx(win, yy, xx);
    *y = yy;
    *x = xx;
}

// ACS line-drawing characters live in a global table filled in at start-up,
// so they must be read after newterm; one accessor per name the UI may want.
static inline chtype shim_acs_hline(void) { return ACS_HLINE; }
static inline chtype shim_acs_vline(void) { return ACS_VLINE; }
static inline chtype shim_acs_ulcorner(void) { return ACS_ULCORNER; }
static inline chtype shim_acs_urcorner(void) { return ACS_URCORNER; }
static inline chtype shim_acs_llcorner(void) { return ACS_LLCORNER; }
static inline chtype shim_acs_lrcorner(void) { return ACS_LRCORNER; }

// MARK: Helpers that need variadic or macro-heavy C.

/// The kernel's idea of the window size (ioctl is variadic, so Swift cannot
/// call it). Returns 0 on success.
static inline int shim_window_size(int fd, int *rows, int *cols) {
    struct winsize ws;
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0) return -1;
    *rows = ws.ws_row;
    *cols = ws.ws_col;
    return 0;
}

/// Bytes waiting to be read on `fd` (FIONREAD). Readable with nothing waiting
/// is how a hung-up terminal looks. Returns 0 on success.
static inline int shim_bytes_available(int fd, int *count) {
    return ioctl(fd, FIONREAD, count);
}

/// Result of shim_probe_terminal.
enum {
    SHIM_TERM_OK = 0,
    SHIM_TERM_UNKNOWN = 1,        // not in terminfo (or no terminfo database)
    SHIM_TERM_NO_CURSOR_ADDRESS = 2, // known, but cannot move the cursor (dumb, hardcopy)
};

/// Looks `term` up in terminfo without printing anything (setupterm with an
/// error pointer stays quiet), checks it can address the cursor, then frees
/// the probe so newterm starts clean.
static inline int shim_probe_terminal(const char *term, int fd) {
    int err = 0;
    if (setupterm((char *)term, fd, &err) != OK) {
        // err == 0 means "not found or hardcopy"; -1 means no database. Either
        // way the user's remedy is the same: pick a TERM this system knows.
        return SHIM_TERM_UNKNOWN;
    }
    int result = SHIM_TERM_OK;
    char *cup = tigetstr("cup");
    if (cup == NULL || cup == (char *)-1 || tigetflag("hc") > 0 || tigetflag("gn") > 0) {
        result = SHIM_TERM_NO_CURSOR_ADDRESS;
    }
    TERMINAL *probe = set_curterm(NULL);
    if (probe != NULL) del_curterm(probe);
    return result;
}

/// nl_langinfo(CODESET), which is a macro argument Swift cannot name.
static inline const char *shim_codeset(void) { return nl_langinfo(CODESET); }

/// Puts `count` printable ASCII bytes, all in one rendition, into the window
/// from (row, column) on, as wadd_wchnstr does: straight into the window's
/// cells. waddnstr decodes, measures and places each byte on its own (some
/// 250 instructions a byte, a tenth of the app's first frame). The cells are
/// copies of one made by setcchar, each given its own character; `chars` is
/// ncursesw's documented cchar_t member. Like waddch, wadd_wchnstr combines
/// each cell with the window's current rendition, which the adapter keeps
/// at none. Returns OK, or ERR when curses refuses a part.
static inline int shim_put_ascii_run(WINDOW *window, int row, int column, const char *bytes, int count,
                                     attr_t attributes, short pair) {
    enum { CHUNK = 256 };
    cchar_t cells[CHUNK];
    wchar_t text[2] = { L' ', 0 };
    cchar_t model;
    if (setcchar(&model, text, attributes, pair, NULL) != OK) return ERR;
    int status = OK;
    for (int start = 0; start < count; start += CHUNK) {
        int length = count - start < CHUNK ? count - start : CHUNK;
        for (int i = 0; i < length; i++) {
            cells[i] = model;
            cells[i].chars[0] = (wchar_t)(unsigned char)bytes[start + i];
        }
        if (mvwadd_wchnstr(window, row, column + start, cells, length) != OK) status = ERR;
    }
    return status;
}

#endif
