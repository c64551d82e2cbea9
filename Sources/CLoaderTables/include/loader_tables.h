// The executable's relocation table, given back after the loader used it.
#ifndef CHECKLISTS_LOADER_TABLES_H
#define CHECKLISTS_LOADER_TABLES_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/// Drops the resident pages of the running executable's `.rela.dyn`
/// (DT_RELA, DT_RELASZ), the whole pages of it that lie in a loaded segment
/// that is never written. Returns the number of bytes dropped (0 when none
/// was) and stores the first address dropped in `start`.
uintptr_t loader_release_relocations(uintptr_t *start);

#ifdef __cplusplus
}
#endif

#endif
