// libxml2's SAX2 parser for the sync's WebDAV replies, behind a small
// interface of our own: libxml2's headers stay out of Swift's sight, and
// libxml2 itself is loaded when a sync first reads a reply (xml.c), not linked.
#ifndef CHECKLISTS_XML_H
#define CHECKLISTS_XML_H
#include <stddef.h>

/// What a read reports, in document order, to the caller's `context`.
/// Names and texts are UTF-8 as libxml2 hands them over.
typedef struct {
    /// An element opens: its local name, its namespace (NULL when it has
    /// none), and its attributes as libxml2 lists them, five pointers each:
    /// local name, prefix (NULL when none), namespace, value, and the end of
    /// the value (values are not NUL-terminated).
    void (*startElement)(void *context, const unsigned char *localName, const unsigned char *namespaceURI,
                         int attributeCount, const unsigned char **attributes);
    /// An element closes.
    void (*endElement)(void *context, const unsigned char *localName);
    /// Text, or a CDATA section's content: `length` bytes, no NUL after them.
    void (*text)(void *context, const unsigned char *bytes, int length);
} checklists_xml_reader;

/// How a read ended.
typedef enum {
    /// libxml2 read the document to its end (see xml.c for what that admits).
    checklists_xml_read_whole = 0,
    /// Not well-formed XML, or larger than libxml2 reads in one go.
    checklists_xml_refused = 1,
    /// libxml2 could not be loaded; a line on stderr said why, once.
    checklists_xml_unavailable = 2,
} checklists_xml_outcome;

/// Reads `length` bytes of XML, telling `reader` what it finds. Never reads
/// a file or the network, expands no entity a DTD declares, and keeps
/// libxml2's limits on depth and sizes.
checklists_xml_outcome checklists_xml_read(const void *bytes, size_t length, const checklists_xml_reader *reader,
                                           void *context);

#endif
