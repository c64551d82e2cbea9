// Crash-safe terminal restoration for the curses adapter.
//
// Why: while curses runs, the terminal is in raw mode on the alternate screen
// with the cursor hidden. If the process dies from a fatal signal (a Swift
// trap, a segfault, kill -QUIT) nothing else puts it back, and the user's shell is left
// unusable until they type `reset` blind. These handlers undo that with only
// async-signal-safe calls, then let the crash proceed as it would have.
#ifndef CHECKLISTS_TERMINAL_GUARD_H
#define CHECKLISTS_TERMINAL_GUARD_H

#ifdef __cplusplus
extern "C" {
#endif

/// Saves the termios of fd 0 (only the first call saves, so the state kept is
/// the one found before curses changed anything), and installs handlers for
/// SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP and SIGQUIT, and for the
/// other signals that end a process by default (SIGUSR1, SIGUSR2, SIGALRM,
/// SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS, SIGPIPE) unless they are
/// ignored or handled already, that restore the terminal, reset
/// themselves to SIG_DFL and re-raise, so the process still dies with the
/// original signal. Also restores on exit() while armed.
/// Call before curses changes the terminal modes.
void terminal_guard_install(void);

/// Gives the calling thread an alternate signal stack if it has none, so a
/// stack overflow on it still reaches the handler. sigaltstack is per thread,
/// and code may run on a libdispatch thread rather than the one that called
/// install. Cheap to call often: after the first call on a thread it is a
/// thread-local check.
void terminal_guard_prepare_thread(void);

/// Restores the saved termios and writes the fixed restore sequence (leave
/// the alternate screen, keypad off, bracketed paste and mouse reporting off, cursor visible,
/// attributes reset,
/// newline). Async-signal-safe; usable on an error path where endwin cannot be
/// trusted.
void terminal_guard_restore(void);

/// Puts back the signal handlers that were there before install and disarms
/// the exit hook. Called after a clean endwin, so a later unrelated crash does
/// not write escape sequences into a terminal that is already fine.
void terminal_guard_uninstall(void);

/// Sends fd 2 to a private in-memory file until released, so that stray
/// stderr output cannot scribble over the curses screen and a crash message
/// (Swift prints fatalError's text to stderr just before trapping) is not lost
/// on the alternate screen. Call after install, before curses starts.
void terminal_guard_hold_stderr(void);

/// Points fd 2 back at the original stderr and writes out what was held (the
/// last 64 KiB of it). Async-signal-safe; the crash handler and exit hook call
/// it after restoring the terminal, so the message lands on the normal screen.
/// Does nothing when stderr is not held.
void terminal_guard_release_stderr(void);

/// Stops the process with SIGTSTP, as the shell's Ctrl-Z would, and returns
/// once it is continued. Raw mode turns Ctrl-Z into a key, so suspending is
/// the app's decision; the disposition is set to SIG_DFL around the signal
/// because curses installs its own SIGTSTP handler, which does not stop a
/// process whose curses screen is already ended. Call after endwin.
void terminal_guard_suspend_self(void);

/// Whether the handlers are installed (for tests and diagnostics).
int terminal_guard_is_installed(void);

#ifdef __cplusplus
}
#endif

#endif
