#ifndef ORDO_CJANSSON_SHIM_H
#define ORDO_CJANSSON_SHIM_H

#include <jansson.h>

/* Swift cannot call jansson's macros; these wrap them with plain functions. */

static inline int ordo_json_typeof(const json_t *json) { return (int)json_typeof(json); }

static inline void ordo_json_decref(json_t *json) { json_decref(json); }

static inline json_t *ordo_json_incref(json_t *json) { return json_incref(json); }

static inline int ordo_json_error_code(const json_error_t *error) {
  return (int)json_error_code(error);
}

static inline int ordo_json_error_position(const json_error_t *error) {
  return error->position;
}

static inline const char *ordo_json_error_text(const json_error_t *error) {
  return error->text;
}

/* The JSON_* type tags as plain integers. */
enum {
  ORDO_JSON_OBJECT = JSON_OBJECT,
  ORDO_JSON_ARRAY = JSON_ARRAY,
  ORDO_JSON_STRING = JSON_STRING,
  ORDO_JSON_INTEGER = JSON_INTEGER,
  ORDO_JSON_REAL = JSON_REAL,
  ORDO_JSON_TRUE = JSON_TRUE,
  ORDO_JSON_FALSE = JSON_FALSE,
  ORDO_JSON_NULL = JSON_NULL
};

/* Decoding flags used by Ordo: any top-level value, and \u0000 inside strings. */
static const size_t ORDO_JSON_DECODE_FLAGS = JSON_DECODE_ANY | JSON_ALLOW_NUL;
static const size_t ORDO_JSON_DECODE_INT_AS_REAL = JSON_DECODE_INT_AS_REAL;
static const size_t ORDO_JSON_REJECT_DUPLICATES = JSON_REJECT_DUPLICATES;

enum {
  ORDO_JSON_ERROR_STACK_OVERFLOW = json_error_stack_overflow,
  ORDO_JSON_ERROR_INVALID_UTF8 = json_error_invalid_utf8,
  ORDO_JSON_ERROR_PREMATURE_END = json_error_premature_end_of_input,
  ORDO_JSON_ERROR_NULL_CHARACTER = json_error_null_character,
  ORDO_JSON_ERROR_NULL_BYTE_IN_KEY = json_error_null_byte_in_key,
  ORDO_JSON_ERROR_NUMERIC_OVERFLOW = json_error_numeric_overflow,
  ORDO_JSON_ERROR_OUT_OF_MEMORY = json_error_out_of_memory
};

#endif
