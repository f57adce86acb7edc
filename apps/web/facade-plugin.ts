import type { Plugin } from 'vite';

/**
 * Rolldown gives a module that is imported dynamically (a lazy page, the shell, an offline kind)
 * a file of its own even when the module itself sits in a group's file (chunks.ts): a "facade"
 * of one line, `export{m as SignedIn}from"./shell-….js"`. On HTTP/1.1's six connections and a slow
 * network's round trip each of these files costs a round trip of its own before the import
 * resolves, queued behind the large files: the run view's first visit waited about a second on
 * seven of them (decision 0114). Rollup does not make them (it imports the group's file and reads
 * the export from it); this does the same after the fact:
 * - `import("./facade.js")` becomes `import("./target.js").then(…)`, a namespace-like object whose
 *   getters read the target's bindings (live, like a module namespace);
 * - the facade's path in Vite's preload lists (`__vite__mapDeps`) becomes the target's, which
 *   the list holds already or which the import needs anyway;
 * - the facade leaves the bundle (the service worker does not precache it). Any reference left to
 *   it fails the build.
 */
const FACADE = /^export\s*\{([^}]*)\}\s*from\s*"\.\/([^"]+)"\s*;?\s*$/;

/** `w as AUDIT_KIND, T as auditResource, x` → [['w','AUDIT_KIND'], ['T','auditResource'], ['x','x']]. */
function bindings(list: string): [string, string][] {
  return list
    .split(',')
    .map((item) => item.trim())
    .filter(Boolean)
    .map((item) => {
      const [local, exported] = item.split(/\s+as\s+/);
      return [local!.trim(), (exported ?? local)!.trim()];
    });
}

const QUOTES = ['"', "'", '`'];
const quoteKey = (name: string) => JSON.stringify(name);

export function facadeInlinePlugin(): Plugin {
  return {
    name: 'audit:facade-inline',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((output) => output.type === 'chunk');
      const facades = new Map<string, { target: string; names: [string, string][] }>();
      for (const chunk of chunks) {
        if (chunk.isEntry) continue;
        const match = FACADE.exec(chunk.code.replace(/\/\/# sourceMappingURL=.*$/m, '').trim());
        if (match)
          facades.set(chunk.fileName, { target: `${chunk.fileName.slice(0, chunk.fileName.lastIndexOf('/') + 1)}${match[2]!}`, names: bindings(match[1]!) });
      }
      if (!facades.size) return;
      const base = (file: string) => file.slice(file.lastIndexOf('/') + 1);
      for (const chunk of chunks) {
        if (facades.has(chunk.fileName)) continue;
        let code = chunk.code;
        for (const [file, { target, names }] of facades) {
          const getters = names.map(([local, exported]) => `get ${quoteKey(exported)}(){return m.${local}}`).join(',');
          // The minifier writes strings with either quote, or a template literal.
          for (const q of QUOTES)
            code = code
              .split(`import(${q}./${base(file)}${q})`)
              .join(`import(${q}./${base(target)}${q}).then(m=>({__proto__:null,${getters}}))`)
              .split(`${q}${file}${q}`)
              .join(`${q}${target}${q}`);
        }
        if (code !== chunk.code) {
          chunk.code = code;
          chunk.dynamicImports = [...new Set(chunk.dynamicImports.map((file) => facades.get(file)?.target ?? file))];
        }
      }
      for (const file of facades.keys()) {
        const name = base(file);
        const left = Object.values(bundle).find(
          (output) => (output.type === 'chunk' ? output.code : String(output.source)).includes(name) && output.fileName !== file,
        );
        if (left) this.error(`facade-plugin: ${left.fileName} still refers to ${file}`);
        delete bundle[file];
      }
    },
  };
}
