// Adds package-lock.json entries for optional platform packages (rollup's native builds) that
// the registry mirror of our build machines lacks, so `npm ci` validates the lock; npm skips them
// on other platforms by their os/cpu/libc fields, as it would with entries from the public registry.
// Run after regenerating the lock: node scripts/lock-optional-platforms.cjs package-lock.json
const fs = require('fs');
const file = process.argv[2];
const lock = JSON.parse(fs.readFileSync(file, 'utf8'));
const platform = (name) => {
  const m = /rollup-(android|darwin|freebsd|linux|openbsd|openharmony|win32)-([a-z0-9]+)(?:-(gnueabihf|musleabihf|gnu|musl|msvc|eabi))?$/.exec(name);
  if (!m) return null;
  const cpu = {x64: 'x64', arm64: 'arm64', arm: 'arm', ia32: 'ia32', loong64: 'loong64', ppc64: 'ppc64', riscv64: 'riscv64', s390x: 's390x'}[m[2]];
  const entry = {os: [m[1]], cpu: [cpu]};
  if (m[3] === 'gnu' || m[3] === 'gnueabihf') entry.libc = ['glibc'];
  if (m[3] === 'musl' || m[3] === 'musleabihf') entry.libc = ['musl'];
  return entry;
};
let added = 0;
for (const [path, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const key = `node_modules/${dep}`;
    if (lock.packages[key]) continue;
    const p = platform(dep);
    if (!p) { console.error('unknown', dep); continue; }
    lock.packages[key] = {version, ...p.cpu && {cpu: p.cpu}, dev: pkg.dev, license: 'MIT', ...(p.libc ? {libc: p.libc} : {}), optional: true, os: p.os};
    added++;
  }
}
const sorted = {};
for (const key of Object.keys(lock.packages).sort((a, b) => a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))) sorted[key] = lock.packages[key];
lock.packages = sorted;
fs.writeFileSync(file, JSON.stringify(lock, null, 2) + '\n');
console.log('added', added);
