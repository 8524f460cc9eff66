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

const layerRules = LAYERS.slice(0, -1).map((module, i) => ({
  name: 'module-layers',
  comment: `${module} lies below ${LAYERS.slice(i + 1).join(', ')} and must not use them.`,
  severity: 'error',
  from: { path: `^server/src/modules/${module}/` },
  to: { path: `^server/src/modules/(${LAYERS.slice(i + 1).join('|')})/` },
}));

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    ...layerRules,
    {
      name: 'module-without-layer',
      comment:
        'Every module has its place in LAYERS (.dependency-cruiser.cjs), so its imports can be checked.',
      severity: 'error',
      from: {
        path: '^server/src/modules/[^/]+/',
        pathNot: `^server/src/modules/(${LAYERS.join('|')})/`,
      },
      to: { path: '^server/src/modules/[^/]+/' },
    },
    {
      name: 'platform-imports-module',
      comment:
        'server/src/platform is shared by every module and must not know any of them: a module registers what the platform needs through an interface the platform defines (e.g. platform/access/directory.ts).',
      severity: 'error',
      from: { path: '^server/src/platform/' },
      to: { path: '^server/src/modules/' },
    },
    {
      name: 'module-internals',
      comment:
        "A module uses another module only through that module's index.ts, so each module's inside can change without breaking the others.",
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: {
        path: '^server/src/modules/[^/]+/',
        pathNot: ['^server/src/modules/$1/', '^server/src/modules/[^/]+/index\\.ts$'],
      },
    },
    {
      name: 'module-cycle',
      comment:
        'Modules form layers (system below freight, freight below online): an import cycle through two modules means one of them must register a hook instead of importing.',
      severity: 'error',
      from: { path: '^server/src/modules/([^/]+)/' },
      to: { circular: true, via: { path: '^server/src/modules/', pathNot: '^server/src/modules/$1/' } },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)node_modules/|^server/drizzle/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { extensions: ['.ts', '.js'] },
  },
};
