// Runs compiled or bundled generated code under plain Node (or under tsx), the way a
// user's build would: `node generated-driver.mjs targets.json`. For every target it loads
// every module, calls every validator on a valid and an invalid value, builds a registry
// from the server with dummy handlers returning schema-valid data, and calls every tool
// in process through the generated client. Everything is derived from the manifest, so it
// works for any specs. Prints one JSON summary per target; exits 1 on the first failure.
import { readFileSync, readdirSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

/**
 * @typedef {{ label: string; kind: "modules"; root: string; ext: ".js" | ".ts"; load: "import" | "require"; manifest: string }} ModulesTarget
 * @typedef {{ label: string; kind: "bundle"; file: string; load: "import" | "require"; manifest: string }} BundleTarget
 */

async function load(file, how) {
  if (how === "require") return createRequire(file)(file);
  return import(pathToFileURL(file).href);
}

/** The API under test: the server's createRegistry, the client's createClient and every validators module by path. */
async function api(target) {
  if (target.kind === "bundle") return load(target.file, target.load);
  const files = readdirSync(target.root, { recursive: true, encoding: "utf8" })
    .filter((f) => f.endsWith(target.ext) && !f.endsWith(`.d${target.ext}`))
    .map((f) => f.split(path.sep).join("/"))
    .sort();
  const modules = {};
  for (const f of files) modules[f.slice(0, -target.ext.length)] = await load(path.join(target.root, f), target.load);
  const validators = Object.fromEntries(Object.entries(modules).filter(([rel]) => rel.startsWith("validators/")));
  return {
    createRegistry: modules.server.createRegistry,
    createClient: modules.client.createClient,
    validators,
    loaded: files.length,
  };
}

async function check(target) {
  const manifest = JSON.parse(readFileSync(target.manifest, "utf8"));
  const { createRegistry, createClient, validators, loaded = 1 } = await api(target);
  if (typeof createRegistry !== "function" || typeof createClient !== "function")
    throw new Error("createRegistry or createClient is missing");

  // Every validator: found by module and type name, valid and invalid values checked.
  const used = new Set();
  const samples = new Map();
  let invalidChecked = 0;
  const validatorOf = (tool, side) => {
    const name = `validate${tool.identifiers.type}${side === "inputSchema" ? "Args" : "Result"}`;
    const hits = Object.entries(validators).filter(
      ([rel, mod]) => rel.split("/").pop() === tool.module && typeof mod[name] === "function",
    );
    if (hits.length !== 1)
      throw new Error(`${tool.name}: expected one ${name} in validators/…/${tool.module}, found ${hits.length}`);
    used.add(`${hits[0][0]}#${name}`);
    return hits[0][1][name];
  };
  for (const tool of manifest.tools) {
    const entry = {};
    for (const side of ["inputSchema", "outputSchema"]) {
      if (!tool[side]) continue;
      const validate = validatorOf(tool, side);
      const candidates = [
        sample(tool[side], tool[side]),
        ...(Array.isArray(tool[side].examples) ? tool[side].examples : []),
      ];
      const valid = candidates.find((c) => validate(c) === true);
      if (valid === undefined) {
        validate(candidates[0]);
        throw new Error(
          `${tool.name}: no valid ${side} sample (${JSON.stringify(candidates[0])}: ${JSON.stringify(validate.errors)})`,
        );
      }
      const invalid = INVALID.find((v) => validate(v) === false);
      if (side === "inputSchema" && invalid === undefined)
        throw new Error(`${tool.name}: the arguments validator accepts everything`);
      if (invalid !== undefined) {
        if (!Array.isArray(validate.errors) || validate.errors.length === 0)
          throw new Error(`${tool.name}: ${side} validator failed without errors`);
        invalidChecked++;
      }
      entry[side] = valid;
    }
    samples.set(tool.name, entry);
  }
  for (const [rel, mod] of Object.entries(validators)) {
    for (const [name, value] of Object.entries(mod)) {
      if (typeof value === "function" && !used.has(`${rel}#${name}`))
        throw new Error(`${rel} exports ${name}, which belongs to no tool`);
    }
  }

  // A registry with dummy handlers (any shape of handler object) answering schema-valid data.
  const handler = new Proxy(() => {}, {
    // Any path (`handlers.module.tool`, `handlers.tool`) leads to the handler; Function members stay.
    get: (target, key) =>
      typeof key !== "string" || key === "then" || key in Function.prototype ? Reflect.get(target, key) : handler,
    apply: (_target, _this, [, ctx]) => structuredClone(samples.get(ctx.toolName).outputSchema ?? { ok: true }),
  });
  const registry = createRegistry(handler, { trustPolicy: () => true });
  const listed = registry
    .list()
    .map((d) => d.name)
    .sort();
  const expected = manifest.tools.map((t) => t.name).sort();
  if (JSON.stringify(listed) !== JSON.stringify(expected))
    throw new Error(`registry lists ${listed.join(", ")}, manifest has ${expected.join(", ")}`);

  // The client's methods (found whatever the client's shape), each mapped to its tool by a probe.
  const methods = new Map();
  let probed;
  const probe = createClient(async (call) => {
    probed = call.tool_name;
    return { status: "failure", error: { error_type: "ProbeOnly", error_message: "probe" } };
  });
  for (const [method, fn] of functionsOf(probe)) {
    probed = undefined;
    await fn({}).catch(() => {});
    if (probed) methods.set(probed, method);
  }
  const client = createClient(runtime.inProcessTransport(registry));
  let calls = 0;
  for (const tool of manifest.tools) {
    const method = methods.get(tool.name);
    if (!method) throw new Error(`the client has no method calling ${tool.name}`);
    const fn = method.reduce((o, k) => o[k], client);
    const data = await fn(samples.get(tool.name).inputSchema);
    const want = samples.get(tool.name).outputSchema ?? { ok: true };
    if (JSON.stringify(data) !== JSON.stringify(want))
      throw new Error(`${tool.name} answered ${JSON.stringify(data)}, expected ${JSON.stringify(want)}`);
    const refused = await fn([]).then(
      () => undefined,
      (e) => e,
    );
    if (refused?.detail?.error_type !== "ValidationError")
      throw new Error(`${tool.name} accepted invalid arguments (${refused?.message ?? "resolved"})`);
    calls++;
  }
  return { label: target.label, loaded, tools: manifest.tools.length, validators: used.size, invalidChecked, calls };
}

/** Values at least one of which fails almost any schema (input schemas always: their root is an object). */
const INVALID = ["\u0000 not valid", 1.5, null, [], {}, { "\u0000": 1 }, true];

/** Function-valued members of an object tree, with their paths. */
function functionsOf(obj, prefix = [], out = []) {
  for (const [key, value] of Object.entries(obj)) {
    if (typeof value === "function") out.push([[...prefix, key], value]);
    else if (value && typeof value === "object" && prefix.length < 3) functionsOf(value, [...prefix, key], out);
  }
  return out;
}

/** A simple instance of a JSON Schema (enough for test specs; the validator is the judge). */
function sample(schema, root, depth = 0) {
  if (schema === true || schema === undefined) return {};
  if (schema === false || depth > 16) return null;
  if ("const" in schema) return schema.const;
  if (Array.isArray(schema.enum)) return schema.enum[0];
  if (typeof schema.$ref === "string" && schema.$ref.startsWith("#")) {
    const target = schema.$ref
      .slice(1)
      .split("/")
      .filter(Boolean)
      .reduce((s, k) => s?.[decodeURIComponent(k).replace(/~1/g, "/").replace(/~0/g, "~")], root);
    return sample(target, root, depth + 1);
  }
  if (Array.isArray(schema.allOf)) {
    const merged = {
      ...schema,
      allOf: undefined,
      properties: { ...schema.properties },
      required: [...(schema.required ?? [])],
    };
    for (const part of schema.allOf) {
      Object.assign(merged, { ...part, properties: merged.properties, required: merged.required });
      Object.assign(merged.properties, part.properties);
      merged.required.push(...(part.required ?? []));
    }
    delete merged.allOf;
    return sample(merged, root, depth + 1);
  }
  const choice = schema.anyOf ?? schema.oneOf;
  if (Array.isArray(choice) && choice.length) return sample(choice[0], root, depth + 1);
  const types = Array.isArray(schema.type)
    ? schema.type
    : schema.type
      ? [schema.type]
      : [schema.properties || schema.required ? "object" : schema.items ? "array" : "object"];
  const type = types.find((t) => t !== "null") ?? "null";
  switch (type) {
    case "object": {
      const out = {};
      for (const key of schema.required ?? []) {
        const sub =
          schema.properties?.[key] ??
          Object.entries(schema.patternProperties ?? {}).find(([p]) => new RegExp(p, "u").test(key))?.[1] ??
          (typeof schema.additionalProperties === "object" ? schema.additionalProperties : {});
        out[key] = sample(sub, root, depth + 1);
      }
      return out;
    }
    case "array": {
      const tuple = Array.isArray(schema.prefixItems)
        ? schema.prefixItems
        : Array.isArray(schema.items)
          ? schema.items
          : [];
      const out = tuple.map((s) => sample(s, root, depth + 1));
      const rest = Array.isArray(schema.items) ? schema.additionalItems : schema.items;
      for (let i = out.length; i < (schema.minItems ?? 0); i++) out.push(sample(rest, root, depth + 1));
      return out;
    }
    case "string": {
      const min = schema.minLength ?? 0;
      const pad = (s) => (s.length >= min ? s : s + "a".repeat(min - s.length));
      if (schema.format && FORMATS[schema.format]) return FORMATS[schema.format];
      if (typeof schema.pattern === "string") {
        const re = new RegExp(schema.pattern, "u");
        const hit = STRINGS.map(pad).find((s) => re.test(s));
        if (hit !== undefined) return hit;
      }
      return pad("x");
    }
    case "integer":
    case "number": {
      let n =
        schema.minimum ?? (typeof schema.exclusiveMinimum === "number" ? Math.floor(schema.exclusiveMinimum) + 1 : 0);
      if (typeof schema.maximum === "number" && n > schema.maximum) n = schema.maximum;
      if (typeof schema.multipleOf === "number") n = Math.ceil(n / schema.multipleOf) * schema.multipleOf;
      return n;
    }
    case "boolean":
      return false;
    default:
      return null;
  }
}

const FORMATS = {
  date: "2024-01-31",
  "date-time": "2024-01-31T12:00:00Z",
  time: "12:00:00Z",
  email: "ada@example.com",
  uri: "https://example.com/",
  "uri-reference": "/x",
  uuid: "123e4567-e89b-12d3-a456-426614174000",
  hostname: "example.com",
  ipv4: "127.0.0.1",
  ipv6: "::1",
  duration: "P1D",
};
const STRINGS = ["a", "abc", "a-1", "A", "1", "a_b", "abc123", "a.b", "/a", "ABC", "x:y"];

const targets = /** @type {Array<ModulesTarget | BundleTarget>} */ (JSON.parse(readFileSync(process.argv[2], "utf8")));
const runtime = await import("@mcp-specgen/runtime");

for (const target of targets) {
  try {
    console.log(JSON.stringify(await check(target)));
  } catch (e) {
    console.error(`${target.label}: ${e instanceof Error ? e.stack : String(e)}`);
    process.exit(1);
  }
}
