// The server's layers, checked by `npm test` (static step): the platform knows no business module, modules
// reach each other only through their index.ts, in one direction, and no import cycle runs through two
// modules.

// The modules from the bottom up: a module may use those below it, never one above. A cycle between modules
// is then impossible; a lower module that needs something of a higher one defines a hook the higher fills
// (e.g. the system module's registerLoginCheck, filled by freight).
const LAYERS = [
  'apps',
  'system',
  'freight',
  'online',
  'regulator',
  'finance',
  'insurance',
  'privacy',
  'risk',
  'dashboard',
  'compliance',
];

/** A forbidden import: every rule of this project fails the check. */
const forbid = (name, comment, from, to) => ({ name, comment, severity: 'error', from, to });

const layerRules = LAYERS.slice(0, -1).map((module, i) =>
  forbid(
    'module-layers',
    `${module} lies below ${LAYERS.slice(i + 1).join(', ')} and must not use them.`,
    { path: `^server/src/modules/${module}/` },
    { path: `^server/src/modules/(${LAYERS.slice(i + 1).join('|')})/` },
  ),
);

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    forbid(
      'module-without-layer',
      'Every module has its place in LAYERS (.dependency-cruiser.cjs), so its imports can be checked.',
      { path: '^server/src/modules/[^/]+/', pathNot: `^server/src/modules/(${LAYERS.join('|')})/` },
      { path: '^server/src/modules/[^/]+/' },
    ),
    forbid(
      'platform-imports-module',
      'server/src/platform is shared by every module and must not know any of them: a module registers what the platform needs through an interface the platform defines (e.g. platform/access/directory.ts).',
      { path: '^server/src/platform/' },
      { path: '^server/src/modules/' },
    ),
    forbid(
      'module-internals',
      "A module uses another module only through that module's index.ts, so each module's inside can change without breaking the others.",
      { path: '^server/src/modules/([^/]+)/' },
      {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
      },
    ),
    forbid(
      'module-cycle',
      'Modules form layers (system below freight, freight below online): an import cycle through two modules means one of them must register a hook instead of importing.',
      { path: '^server/src/modules/([^/]+)/' },
      { circular: true, via: { path: '^server/src/modules/', pathNot: '^server/src/modules/$1/' } },
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^server/drizzle/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
