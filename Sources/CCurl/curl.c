// libcurl through dlopen. Only a sync speaks HTTP, and a binary linked with
// libcurl loads it and the thirty libraries behind it (OpenSSL, Kerberos,
// LDAP...) at every start, `checklists status` included (DECISIONS.md,
// "Built the ordinary way"). The functions the sync calls are defined here
// under libcurl's own names, so the Swift code and shim.h call them as
// usual; the first call loads libcurl.so.4 (Debian's libcurl4, a Depends of
// the package) and each forwards to it.
#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdarg.h>
#include <stdio.h>

static struct {
    CURL *(*easy_init)(void);
    void (*easy_cleanup)(CURL *);
    void (*easy_reset)(CURL *);
    CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
    CURLcode (*easy_perform)(CURL *);
    CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
    struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
    void (*slist_free_all)(struct curl_slist *);
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "checklists: cannot load libcurl (%s); sync needs Debian's libcurl4\n", dlerror());
        return;
    }
    // All or nothing: a libcurl without one of these is not used at all.
    void *found[] = {
        dlsym(library, "curl_easy_init"), dlsym(library, "curl_easy_cleanup"), dlsym(library, "curl_easy_reset"),
        dlsym(library, "curl_easy_setopt"), dlsym(library, "curl_easy_perform"), dlsym(library, "curl_easy_getinfo"),
        dlsym(library, "curl_slist_append"), dlsym(library, "curl_slist_free_all"),
    };
    for (size_t i = 0; i < sizeof found / sizeof found[0]; i++) {
        if (!found[i]) return;
    }
    api.easy_cleanup = (void (*)(CURL *))found[1];
    api.easy_reset = (void (*)(CURL *))found[2];
    api.easy_setopt = (CURLcode (*)(CURL *, CURLoption, ...))found[3];
    api.easy_perform = (CURLcode (*)(CURL *))found[4];
    api.easy_getinfo = (CURLcode (*)(CURL *, CURLINFO, ...))found[5];
    api.slist_append = (struct curl_slist *(*)(struct curl_slist *, const char *))found[6];
    api.slist_free_all = (void (*)(struct curl_slist *))found[7];
    api.easy_init = (CURL *(*)(void))found[0];
}

static int ready(void) {
    pthread_once(&loaded, load);
    return api.easy_init != NULL;
}

// Without libcurl there is no handle, and every request fails as libcurl's
// own failed start does.
CURL *(curl_easy_init)(void) { return ready() ? api.easy_init() : NULL; }
void (curl_easy_cleanup)(CURL *curl) { if (curl && ready()) api.easy_cleanup(curl); }
void (curl_easy_reset)(CURL *curl) { if (curl && ready()) api.easy_reset(curl); }
CURLcode (curl_easy_perform)(CURL *curl) { return curl && ready() ? api.easy_perform(curl) : CURLE_FAILED_INIT; }

struct curl_slist *(curl_slist_append)(struct curl_slist *list, const char *text) {
    return ready() ? api.slist_append(list, text) : NULL;
}

void (curl_slist_free_all)(struct curl_slist *list) { if (list && ready()) api.slist_free_all(list); }

// The option's number says its argument's type (curl.h's CURLOPTTYPE_*
// ranges), as libcurl's own curl_easy_setopt reads it.
CURLcode (curl_easy_setopt)(CURL *curl, CURLoption option, ...) {
    if (!curl || !ready()) return CURLE_FAILED_INIT;
    va_list arguments;
    va_start(arguments, option);
    CURLcode code;
    if (option < CURLOPTTYPE_OBJECTPOINT) {
        code = api.easy_setopt(curl, option, va_arg(arguments, long));
    } else if (option >= CURLOPTTYPE_OFF_T && option < CURLOPTTYPE_BLOB) {
        code = api.easy_setopt(curl, option, va_arg(arguments, curl_off_t));
    } else {
        code = api.easy_setopt(curl, option, va_arg(arguments, void *));
    }
    va_end(arguments);
    return code;
}

// Every CURLINFO_* takes a pointer to where the answer goes.
CURLcode (curl_easy_getinfo)(CURL *curl, CURLINFO info, ...) {
    if (!curl || !ready()) return CURLE_FAILED_INIT;
    va_list arguments;
    va_start(arguments, info);
    CURLcode code = api.easy_getinfo(curl, info, va_arg(arguments, void *));
    va_end(arguments);
    return code;
}
