import { defineConfig } from 'drizzle-kit';

// Tables live beside the code that owns them: the platform's in platform/<area>/schema.ts, a module's in
// schema.ts or <topic>Schema.ts within it. drizzle-kit reads them all; nothing else aggregates them.
export default defineConfig({
  dialect: 'postgresql',
  schema: ['./src/platform/**/schema.ts', './src/modules/**/schema.ts', './src/modules/**/*Schema.ts'],
  out: './drizzle',
  casing: 'snake_case',
});
