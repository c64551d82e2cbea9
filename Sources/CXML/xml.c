// libxml2 through dlopen. Only a sync reads XML, and a binary linked with
// libxml2 loads it and what it links (ICU's libicuuc and libicudata, libz,
// liblzma) at every start, `checklists status` included (DECISIONS.md,
// "Built the ordinary way"). The first reply a sync reads loads
// libxml2.so.2 (Debian's libxml2, a Depends of the package), as curl.c does
// for libcurl.
#include <libxml/parser.h>
#include <dlfcn.h>
#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include "xml.h"

static struct {
    void (*initParser)(void);
    xmlParserCtxtPtr (*createPushParser)(xmlSAXHandlerPtr, void *, const char *, int, const char *);
    int (*useOptions)(xmlParserCtxtPtr, int);
    int (*parseChunk)(xmlParserCtxtPtr, const char *, int, int);
    void (*freeParser)(xmlParserCtxtPtr);
} api;
static pthread_once_t loaded = PTHREAD_ONCE_INIT;

static void load(void) {
    void *library = dlopen("libxml2.so.2", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        fprintf(stderr, "checklists: cannot load libxml2 (%s); sync needs Debian's libxml2\n", dlerror());
        return;
    }
    // All or nothing: a libxml2 without one of these is not used at all.
    void *found[] = {
        dlsym(library, "xmlInitParser"), dlsym(library, "xmlCreatePushParserCtxt"), dlsym(library, "xmlCtxtUseOptions"),
        dlsym(library, "xmlParseChunk"), dlsym(library, "xmlFreeParserCtxt"),
    };
    for (size_t i = 0; i < sizeof found / sizeof found[0]; i++) {
        if (!found[i]) {
            fprintf(stderr, "checklists: libxml2.so.2 lacks what a sync needs; sync needs Debian's libxml2\n");
            return;
        }
    }
    api.initParser = (void (*)(void))found[0];
    api.createPushParser = (xmlParserCtxtPtr (*)(xmlSAXHandlerPtr, void *, const char *, int, const char *))found[1];
    api.useOptions = (int (*)(xmlParserCtxtPtr, int))found[2];
    api.freeParser = (void (*)(xmlParserCtxtPtr))found[4];
    // Once, before any parse: libxml2's global tables are set up here.
    api.initParser();
    api.parseChunk = (int (*)(xmlParserCtxtPtr, const char *, int, int))found[3];
}

/// The SAX user data: the caller's reader and its context.
typedef struct {
    const checklists_xml_reader *reader;
    void *context;
} reading;

static void started(void *data, const xmlChar *localName, const xmlChar *prefix, const xmlChar *uri, int namespaceCount,
                    const xmlChar **namespaces, int attributeCount, int defaultedCount, const xmlChar **attributes) {
    (void)prefix, (void)namespaceCount, (void)namespaces, (void)defaultedCount;
    reading *state = data;
    state->reader->startElement(state->context, localName, uri, attributeCount, attributes);
}

static void ended(void *data, const xmlChar *localName, const xmlChar *prefix, const xmlChar *uri) {
    (void)prefix, (void)uri;
    reading *state = data;
    state->reader->endElement(state->context, localName);
}

static void text(void *data, const xmlChar *bytes, int length) {
    reading *state = data;
    state->reader->text(state->context, bytes, length);
}

// libxml2 prints its errors on stderr unless someone takes them; the
// outcome says all the sync needs to know.
static void ignored(void *data, xmlErrorPtr error) { (void)data, (void)error; }

checklists_xml_outcome checklists_xml_read(const void *bytes, size_t length, const checklists_xml_reader *reader,
                                           void *context) {
    pthread_once(&loaded, load);
    if (!api.parseChunk) return checklists_xml_unavailable;
    // Fewer than four bytes hold no element; more than INT_MAX do not fit
    // xmlParseChunk's count (a reply is cut at 64 MiB long before).
    if (length < 4 || length > INT_MAX) return checklists_xml_refused;
    xmlSAXHandler handler = {0};
    handler.initialized = XML_SAX2_MAGIC;
    handler.startElementNs = started;
    handler.endElementNs = ended;
    handler.characters = text;
    handler.cdataBlock = text;
    handler.serror = ignored;
    reading state = {reader, context};
    // As FoundationXML's XMLParser read replies before: a push parser given
    // the first four bytes (they tell the encoding), then the rest in one
    // chunk; recovering from errors, which decide the outcome all the same.
    // Unlike it: no entity substitution, no network. No DTD is loaded and
    // XML_PARSE_HUGE stays off, so libxml2's depth and size limits hold.
    xmlParserCtxtPtr parser = api.createPushParser(&handler, &state, bytes, 4, NULL);
    if (!parser) return checklists_xml_refused;
    api.useOptions(parser, XML_PARSE_RECOVER | XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
    int code = api.parseChunk(parser, (const char *)bytes + 4, (int)(length - 4), 1);
    // No handler of ours builds a tree, so there is no document to free.
    api.freeParser(parser);
    // The document's end missing, or anything after the root element, is
    // libxml2's XML_ERR_DOCUMENT_END, which FoundationXML let through; the
    // caller checks that the root element closed.
    return code == XML_ERR_OK || code == XML_ERR_DOCUMENT_END ? checklists_xml_read_whole : checklists_xml_refused;
}
