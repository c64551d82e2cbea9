// See include/terminal_guard.h for why this exists. Everything reachable from
// the signal handler uses only async-signal-safe calls (tcsetattr, write,
// read, lseek, dup2, close, sigaction, raise): the process may be in any
// state when it crashes, including inside malloc or stdio.
#ifndef _GNU_SOURCE
#define _GNU_SOURCE 1  // memfd_create
#endif
#include "terminal_guard.h"

#include <errno.h>
#include <pthread.h>
#include <fcntl.h>
#include <stdio.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <termios.h>
#include <unistd.h>
#if defined(__linux__)
#include <sys/mman.h>
#endif

// Leave the alternate screen, turn keypad transmit mode off (so arrow keys in
// the shell send what it expects), turn bracketed paste off (or every paste
// into the shell comes wrapped in ESC[200~ ... ESC[201~ that a shell without
// the mode prints as junk), turn mouse reporting off (or every click and
// wheel notch types ESC[<0;10;5M into the shell, and text cannot be
// selected), show the cursor, reset attributes. Fixed
// xterm-family bytes because terminfo cannot be consulted from a handler; every
// terminal this app supports (xterm, tmux, screen, VTE, kitty...) understands them.
static const char restore_sequence[] = "\033[?1049l\033[?1l\033>\033[?2004l\033[?1006l\033[?1000l\033[?25h\033[0m\n";

// The first seven are always taken: crashes, and SIGQUIT, which Swift's
// runtime hands to its backtracer; on a terminal that runs interactively,
// drawing on the raw alternate screen and waiting 30 s for keys (found by
// the terminal-abuse tests, as the crash signals were taken before). The
// rest end a process by default (kill -USR1, a stray alarm, a CPU limit)
// and left the terminal raw; they are taken only while at their default, so
// a signal a parent chose to ignore (nohup, trap '' USR1, SIGPIPE) stays
// ignored. SIGTERM, SIGHUP and SIGINT are not here: the runtime takes them
// as events and ends the app the orderly way.
static const int guarded_signals[] = {
    SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP, SIGQUIT,
    SIGUSR1, SIGUSR2, SIGALRM, SIGVTALRM, SIGPROF, SIGXCPU, SIGXFSZ, SIGSYS, SIGPIPE,
};
#define GUARDED_COUNT ((int)(sizeof guarded_signals / sizeof guarded_signals[0]))
#define ALWAYS_TAKEN 7

static struct termios saved_termios;
static volatile sig_atomic_t have_saved_termios = 0;
static volatile sig_atomic_t installed = 0;
static int atexit_registered = 0;
static struct sigaction previous_actions[GUARDED_COUNT];

// A stack overflow raises SIGSEGV with no stack left to run the handler on;
// an alternate stack lets the handler run anyway. sigaltstack is per thread,
// so each thread that runs UI code gets its own (terminal_guard_prepare_thread),
// freed when the thread exits. Fixed size because SIGSTKSZ is no longer a
// constant in recent glibc.
#define ALTERNATE_STACK_SIZE (64 * 1024)
static _Thread_local int thread_prepared = 0;
static pthread_key_t alternate_stack_key;
static pthread_once_t alternate_stack_key_once = PTHREAD_ONCE_INIT;

static void free_alternate_stack(void *memory) {
    stack_t off;
    memset(&off, 0, sizeof off);
    off.ss_flags = SS_DISABLE;
    sigaltstack(&off, NULL);
    free(memory);
}

static void make_alternate_stack_key(void) {
    pthread_key_create(&alternate_stack_key, free_alternate_stack);
}

void terminal_guard_prepare_thread(void) {
    if (thread_prepared) return;
    thread_prepared = 1;
    stack_t current;
    if (sigaltstack(NULL, &current) == 0 && !(current.ss_flags & SS_DISABLE)) return;
    void *memory = malloc(ALTERNATE_STACK_SIZE);
    if (memory == NULL) return;
    stack_t ss;
    memset(&ss, 0, sizeof ss);
    ss.ss_sp = memory;
    ss.ss_size = ALTERNATE_STACK_SIZE;
    if (sigaltstack(&ss, NULL) != 0) {
        free(memory);
        return;
    }
    pthread_once(&alternate_stack_key_once, make_alternate_stack_key);
    pthread_setspecific(alternate_stack_key, memory);
}

static void write_all(int fd, const char *bytes, size_t count) {
    while (count > 0) {
        ssize_t n = write(fd, bytes, count);
        if (n < 0) {
            if (errno == EINTR) continue;
            return;
        }
        bytes += n;
        count -= (size_t)n;
    }
}

// While held: the descriptor the original stderr was moved to, and the
// in-memory file standing in for fd 2.
static volatile sig_atomic_t original_stderr = -1;
static volatile sig_atomic_t held_stderr = -1;
#define REPLAY_LIMIT (64 * 1024)

static int make_hold_file(void) {
#if defined(__linux__)
    int fd = memfd_create("checklists-stderr", MFD_CLOEXEC);
    if (fd >= 0) return fd;
#endif
    char path[] = "/tmp/checklists-stderr-XXXXXX";
    int tmp = mkstemp(path);
    if (tmp >= 0) {
        unlink(path);
        fcntl(tmp, F_SETFD, FD_CLOEXEC);
    }
    return tmp;
}

void terminal_guard_hold_stderr(void) {
    if (held_stderr >= 0) return;
    int hold = make_hold_file();
    if (hold < 0) return;
    int saved = fcntl(STDERR_FILENO, F_DUPFD_CLOEXEC, 3);
    if (saved < 0) {
        close(hold);
        return;
    }
    fflush(stderr);
    if (dup2(hold, STDERR_FILENO) < 0) {
        close(hold);
        close(saved);
        return;
    }
    original_stderr = saved;
    held_stderr = hold;
}

void terminal_guard_release_stderr(void) {
    int hold = held_stderr;
    int saved = original_stderr;
    if (hold < 0 || saved < 0) return;
    held_stderr = -1;
    original_stderr = -1;
    int saved_errno = errno;
    dup2(saved, STDERR_FILENO);
    close(saved);
    off_t size = lseek(hold, 0, SEEK_END);
    if (size > 0) {
        off_t start = size > REPLAY_LIMIT ? size - REPLAY_LIMIT : 0;
        if (lseek(hold, start, SEEK_SET) == start) {
            char buffer[4096];
            ssize_t n;
            while ((n = read(hold, buffer, sizeof buffer)) > 0) {
                write_all(STDERR_FILENO, buffer, (size_t)n);
            }
        }
    }
    close(hold);
    errno = saved_errno;
}

void terminal_guard_restore(void) {
    int saved_errno = errno;
    if (have_saved_termios) {
        // TCSANOW, not TCSADRAIN: a crashed process must not hang waiting on
        // output that a stopped (XOFF) terminal will never drain.
        tcsetattr(STDIN_FILENO, TCSANOW, &saved_termios);
    }
    write_all(STDOUT_FILENO, restore_sequence, sizeof restore_sequence - 1);
    errno = saved_errno;
}

static void crash_handler(int sig) {
    if (installed) {
        installed = 0;
        terminal_guard_restore();
    }
    terminal_guard_release_stderr();
    struct sigaction dfl;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(sig, &dfl, NULL);
    // The signal is blocked while this handler runs, so it stays pending and
    // is delivered with the default action (core dump / exit status) on
    // return. A trap instruction (SIGILL/SIGTRAP from Swift's fatalError)
    // would also simply fault again on return.
    raise(sig);
}

static void exit_hook(void) {
    if (installed) {
        installed = 0;
        terminal_guard_restore();
        terminal_guard_uninstall();
    }
    terminal_guard_release_stderr();
}

void terminal_guard_install(void) {
    if (installed) return;

    if (!have_saved_termios && isatty(STDIN_FILENO) && tcgetattr(STDIN_FILENO, &saved_termios) == 0) {
        have_saved_termios = 1;
    }

    terminal_guard_prepare_thread();

    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = crash_handler;
    sigemptyset(&action.sa_mask);
    // On threads without an alternate stack SA_ONSTACK is simply ignored.
    action.sa_flags = SA_ONSTACK;
    for (int i = 0; i < GUARDED_COUNT; i++) {
        if (sigaction(guarded_signals[i], NULL, &previous_actions[i]) != 0) continue;
        if (i >= ALWAYS_TAKEN && previous_actions[i].sa_handler != SIG_DFL) continue;
        sigaction(guarded_signals[i], &action, NULL);
    }
    installed = 1;

    if (!atexit_registered) {
        atexit_registered = 1;
        atexit(exit_hook);
    }
}

void terminal_guard_uninstall(void) {
    installed = 0;
    // Only put back a handler that is still ours: if someone replaced it since,
    // theirs wins. This also makes a second call (or one without install) a no-op.
    for (int i = 0; i < GUARDED_COUNT; i++) {
        struct sigaction current;
        if (sigaction(guarded_signals[i], NULL, &current) == 0 && current.sa_handler == crash_handler) {
            sigaction(guarded_signals[i], &previous_actions[i], NULL);
        }
    }
}

void terminal_guard_suspend_self(void) {
    struct sigaction dfl, old;
    memset(&dfl, 0, sizeof dfl);
    dfl.sa_handler = SIG_DFL;
    sigemptyset(&dfl.sa_mask);
    sigaction(SIGTSTP, &dfl, &old);
    sigset_t tstp, previous_mask;
    sigemptyset(&tstp);
    sigaddset(&tstp, SIGTSTP);
    pthread_sigmask(SIG_UNBLOCK, &tstp, &previous_mask);
    // raise, not kill(getpid()): a process-directed signal may be taken by
    // another thread (libdispatch's main thread sleeps with it unblocked)
    // after this function has already put curses' handler back, and then the
    // process never stops. Sent to this thread, the stop happens before raise
    // returns. In an orphaned process group it is discarded and this returns.
    raise(SIGTSTP);
    pthread_sigmask(SIG_SETMASK, &previous_mask, NULL);
    sigaction(SIGTSTP, &old, NULL);
}

int terminal_guard_is_installed(void) {
    return installed ? 1 : 0;
}
