// The API's answers as TypeScript types, for the type check of the front end's modules (tsc
// --checkJs, tsconfig.json): each model of the server's OpenAPI schema becomes an interface of
// spider/web/static/api.d.ts, so the shapes are written once, by the server's models. Run after a
// model changed (docs/DEVELOPING.md, "Types"):
//   python -c "import json; from spider.web.app import create_app; print(json.dumps(create_app(':memory:').openapi()))" \
//     | node frontend/api-types.mjs
// (a path after it writes there instead: tests/web/test_api_types.py checks the file is current)
import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";

const OUT = process.argv[2] || join(dirname(fileURLToPath(import.meta.url)), "..", "spider", "web", "static", "api.d.ts");

const literal = (value) => JSON.stringify(value);
const name = (ref) => ref.split("/").pop();
const safeKey = (key) => (/^[A-Za-z_$][\w$]*$/.test(key) ? key : literal(key));

/** The TypeScript type of a JSON schema. */
function typeOf(schema) {
  if (schema.$ref) return name(schema.$ref);
  if ("const" in schema) return literal(schema.const);
  if (schema.enum) return schema.enum.map(literal).join(" | ");
  const union = schema.anyOf || schema.oneOf;
  if (union) return [...new Set(union.map(typeOf))].join(" | ");
  switch (schema.type) {
    case "string":
      return "string";
    case "integer":
    case "number":
      return "number";
    case "boolean":
      return "boolean";
    case "null":
      return "null";
    case "array": {
      if (schema.prefixItems) return `[${schema.prefixItems.map(typeOf).join(", ")}]`;
      const item = schema.items ? typeOf(schema.items) : "unknown";
      return /[ |]/.test(item) ? `(${item})[]` : `${item}[]`;
    }
    case "object":
      if (schema.properties) return objectType(schema, "");
      if (schema.additionalProperties && schema.additionalProperties !== true) {
        return `Record<string, ${typeOf(schema.additionalProperties)}>`;
      }
      return "Record<string, unknown>";
    default:
      return "unknown";
  }
}

/** An object schema's members, one a line, each with its description as a comment. */
function objectType(schema, indent) {
  const required = new Set(schema.required || []);
  const lines = Object.entries(schema.properties || {}).map(([key, property]) => {
    const doc = property.description ? `${indent}  /** ${property.description.replace(/\*\//g, "* /").replace(/\s+/g, " ")} */\n` : "";
    return `${doc}${indent}  ${safeKey(key)}${required.has(key) ? "" : "?"}: ${typeOf(property)};`;
  });
  return `{\n${lines.join("\n")}\n${indent}}`;
}

function declarations(openapi) {
  const schemas = openapi.components.schemas;
  const parts = [
    "// Made by frontend/api-types.mjs from the server's OpenAPI schema: do not edit by hand.",
    "// The API's bodies (docs/API.md), for the JSDoc types of spider/web/static's modules.",
    "",
  ];
  for (const key of Object.keys(schemas).sort()) {
    const schema = schemas[key];
    const doc = schema.description ? `/** ${schema.description.replace(/\*\//g, "* /").replace(/\s+/g, " ")} */\n` : "";
    if (schema.type === "object" && schema.properties) parts.push(`${doc}export interface ${key} ${objectType(schema, "")}\n`);
    else parts.push(`${doc}export type ${key} = ${typeOf(schema)};\n`);
  }
  return parts.join("\n");
}

writeFileSync(OUT, declarations(JSON.parse(readFileSync(0, "utf8"))));
console.log(`frontend/api-types.mjs: ${OUT}`);
