// libcurl for the sync: curl_easy_setopt and curl_easy_getinfo are
// variadic and do not import into Swift, so one request is one C function.
// libcurl itself is loaded when a sync first calls it (curl.c), not linked.
#include <curl/curl.h>
#include <stdlib.h>
#include <string.h>

/// Bytes a reply grows into (malloc'd; the caller frees `data`), never past
/// `limit`: a reply that would grow larger stops the transfer (the write
/// callback's short count) and sets `overflowed`, so a server cannot make
/// a sync hold more than `limit` bytes of one reply, whatever it sends.
typedef struct {
    char *data;
    size_t length;
    size_t capacity;
    size_t limit;
    int overflowed;
} checklists_buffer;

static size_t checklists_buffer_append(char *bytes, size_t size, size_t count, void *target) {
    checklists_buffer *buffer = (checklists_buffer *)target;
    size_t added = size * count;
    if (added > buffer->limit || buffer->length + added > buffer->limit) {
        buffer->overflowed = 1;
        return 0;
    }
    if (buffer->length + added + 1 > buffer->capacity) {
        size_t capacity = buffer->capacity ? buffer->capacity : 16384;
        while (capacity < buffer->length + added + 1) capacity *= 2;
        if (capacity > buffer->limit + 1) capacity = buffer->limit + 1;
        char *grown = (char *)realloc(buffer->data, capacity);
        if (!grown) return 0;
        buffer->data = grown;
        buffer->capacity = capacity;
    }
    memcpy(buffer->data + buffer->length, bytes, added);
    buffer->length += added;
    buffer->data[buffer->length] = 0;
    return added;
}

/// One request on `curl` (reset first; its open connection is kept, so
/// requests to one server share one connection). `body` may be NULL.
/// `timeout`: seconds the whole request may take, connecting, sending and
/// reading the reply. Only http and https are ever spoken, and redirects
/// are not followed (the caller sees the 3xx). A reply announcing more
/// than `reply->limit` bytes is refused before it is read. Returns the
/// CURLcode; `status` gets the HTTP status (0 when there was none), and
/// `location` (malloc'd, or NULL) a redirect's target.
static inline int checklists_curl_request(CURL *curl, const char *method, const char *url, struct curl_slist *headers,
                                          const char *body, long bodyLength, long timeout,
                                          checklists_buffer *reply, checklists_buffer *replyHeaders, long *status,
                                          char **location) {
    curl_easy_reset(curl);
    curl_easy_setopt(curl, CURLOPT_URL, url);
    curl_easy_setopt(curl, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_REDIR_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(curl, CURLOPT_FOLLOWLOCATION, 0L);
    curl_easy_setopt(curl, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(curl, CURLOPT_CONNECTTIMEOUT, timeout);
    curl_easy_setopt(curl, CURLOPT_TIMEOUT, timeout);
    curl_easy_setopt(curl, CURLOPT_MAXFILESIZE_LARGE, (curl_off_t)reply->limit);
    if (body) {
        curl_easy_setopt(curl, CURLOPT_POSTFIELDSIZE, bodyLength);
        curl_easy_setopt(curl, CURLOPT_COPYPOSTFIELDS, body);
    }
    curl_easy_setopt(curl, CURLOPT_CUSTOMREQUEST, method);
    curl_easy_setopt(curl, CURLOPT_HTTPHEADER, headers);
    curl_easy_setopt(curl, CURLOPT_WRITEFUNCTION, checklists_buffer_append);
    curl_easy_setopt(curl, CURLOPT_WRITEDATA, reply);
    curl_easy_setopt(curl, CURLOPT_HEADERFUNCTION, checklists_buffer_append);
    curl_easy_setopt(curl, CURLOPT_HEADERDATA, replyHeaders);
    CURLcode code = curl_easy_perform(curl);
    *status = 0;
    curl_easy_getinfo(curl, CURLINFO_RESPONSE_CODE, status);
    *location = NULL;
    char *redirect = NULL;
    if (curl_easy_getinfo(curl, CURLINFO_REDIRECT_URL, &redirect) == CURLE_OK && redirect) *location = strdup(redirect);
    return (int)code;
}
