#!/usr/bin/env node
// The CLI as `npm run build` bundled it (scripts/bundle-cli.ts): a few files load faster than
// the few hundred modules of dist/cli/.
import '../dist/bundle/main.js'
