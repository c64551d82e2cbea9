// The loader reads the executable's relocation table once, before main, and
// nothing reads it again. It lies in the read-only segment mapped from the
// file, so dropping its pages loses nothing: a later read would bring the
// same bytes back from the file.
#define _GNU_SOURCE
#include "loader_tables.h"

#include <link.h>
#include <sys/mman.h>
#include <unistd.h>

struct released {
    uintptr_t start;
    uintptr_t length;
};

static int release_in_executable(struct dl_phdr_info *info, size_t size, void *context) {
    (void)size;
    struct released *result = context;
    const ElfW(Phdr) *dynamic = NULL;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        if (info->dlpi_phdr[index].p_type == PT_DYNAMIC) dynamic = &info->dlpi_phdr[index];
    }
    if (dynamic == NULL) return 1;
    uintptr_t table = 0, length = 0;
    for (const ElfW(Dyn) *entry = (const ElfW(Dyn) *)(info->dlpi_addr + dynamic->p_vaddr); entry->d_tag != DT_NULL; entry++) {
        if (entry->d_tag == DT_RELA) table = entry->d_un.d_ptr;
        if (entry->d_tag == DT_RELASZ) length = entry->d_un.d_val;
    }
    if (table == 0 || length == 0) return 1;
    // glibc has already moved the executable's entries to their loaded
    // addresses; an offset in the file is below the base.
    if (table < info->dlpi_addr) table += info->dlpi_addr;
    uintptr_t page = (uintptr_t)sysconf(_SC_PAGESIZE);
    uintptr_t first = (table + page - 1) / page * page;
    uintptr_t end = (table + length) / page * page;
    if (first >= end) return 1;
    for (int index = 0; index < info->dlpi_phnum; index++) {
        const ElfW(Phdr) *segment = &info->dlpi_phdr[index];
        uintptr_t from = info->dlpi_addr + segment->p_vaddr;
        if (segment->p_type == PT_LOAD && !(segment->p_flags & PF_W) && from <= first && end <= from + segment->p_filesz) {
            if (madvise((void *)first, end - first, MADV_DONTNEED) == 0) {
                result->start = first;
                result->length = end - first;
            }
            break;
        }
    }
    // The first object reported is the executable; the libraries are Debian's.
    return 1;
}

uintptr_t loader_release_relocations(uintptr_t *start) {
    struct released result = {0, 0};
    dl_iterate_phdr(release_in_executable, &result);
    if (start) *start = result.start;
    return result.length;
}
