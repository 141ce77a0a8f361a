import CAllocator
import CalendarCLI
import Foundation

// glibc's allocator gives each block over 128 KiB a mapping of its own and returns it on free,
// so every large array (a window's rows, a batch of items, a growing buffer) starts on fresh
// zeroed pages, one page fault each. This process makes and frees such arrays all the time and
// exits within seconds: freed memory is kept for reuse instead (a one-week query on the 100k
// store: 3,240 -> 2,770 page faults), and the heap's first 32 MiB take huge pages where the
// kernel gives them on request (2,770 -> about 1,300).
icalkit_keep_freed_memory()

exit(CLI.run(Array(CommandLine.arguments.dropFirst())).rawValue)
