// spawn_timer: times one whole process, the way Bench/run.sh measures icalkit.
//
//     spawn_timer STDERR_FILE -- CMD [ARG...]
//
// Starts CMD with posix_spawn (stdout to /dev/null, stderr to STDERR_FILE), waits for it with
// wait4 and prints one line:
//
//     WALL_US CPU_US MAXRSS_KB STATUS
//
// WALL_US runs from just before the spawn to just after wait4 returns (CLOCK_MONOTONIC);
// CPU_US is the child's user + system time and MAXRSS_KB its peak resident set, both from
// wait4's rusage; STATUS is the exit status, or 128 + the signal that ended it. The exit
// status of spawn_timer itself is 0 when CMD ran (whatever it returned), 2 on a usage
// error, 3 when CMD could not be started.
//
// Why a program of its own: a command timed by bash (`t0; "$@"; t1`) is started with fork,
// which copies the shell's address space for the child to tear down again in exec: a cost of
// the launcher, not of the command (`icalkit --version`: 3.61 ms timed by bash, 3.35 ms by
// this program, 200 alternated runs each; Bench/HISTORY.md, thirteenth session). posix_spawn
// shares the parent's memory until the exec instead, and the parent here is small, so its peak
// RSS (which Linux carries over into the child's rusage at exec) stays far under the command's
// own.
#include <errno.h>
#include <fcntl.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static long long microseconds(struct timeval tv) {
    return (long long)tv.tv_sec * 1000000 + tv.tv_usec;
}

static long long monotonic_us(void) {
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (long long)ts.tv_sec * 1000000 + ts.tv_nsec / 1000;
}

int main(int argc, char **argv) {
    if (argc < 4 || strcmp(argv[2], "--") != 0) {
        fprintf(stderr, "usage: spawn_timer STDERR_FILE -- CMD [ARG...]\n");
        return 2;
    }
    const char *stderr_path = argv[1];
    char **command = argv + 3;

    posix_spawn_file_actions_t actions;
    posix_spawn_file_actions_init(&actions);
    posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
    posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, stderr_path,
                                     O_WRONLY | O_CREAT | O_TRUNC, 0644);

    long long start = monotonic_us();
    pid_t pid;
    int failure = posix_spawnp(&pid, command[0], &actions, NULL, command, environ);
    if (failure != 0) {
        fprintf(stderr, "spawn_timer: cannot start %s: %s\n", command[0], strerror(failure));
        return 3;
    }
    int status = 0;
    struct rusage usage;
    while (wait4(pid, &status, 0, &usage) < 0) {
        if (errno != EINTR) {
            fprintf(stderr, "spawn_timer: wait4: %s\n", strerror(errno));
            return 3;
        }
    }
    long long wall = monotonic_us() - start;
    posix_spawn_file_actions_destroy(&actions);

    int code = WIFEXITED(status) ? WEXITSTATUS(status) : 128 + WTERMSIG(status);
    printf("%lld %lld %ld %d\n", wall, microseconds(usage.ru_utime) + microseconds(usage.ru_stime),
           usage.ru_maxrss, code);
    return 0;
}
