// Checks that every relative link in README.md, CHANGELOG.md and docs/**/*.md leads to a file of the
// repository, and that a `#heading` part names a heading of that file (GitHub's anchors). Links to the web
// are left alone: the docs must read on a machine with no network.
// `npx tsx scripts/check-doc-links.ts` prints each broken link and exits 1 when there is one.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '..');

function markdownFiles(): string[] {
  const files = ['README.md', 'CHANGELOG.md'].filter((file) => fs.existsSync(path.join(ROOT, file)));
  const walk = (dir: string): void => {
    for (const entry of fs.readdirSync(path.join(ROOT, dir), { withFileTypes: true })) {
      const relative = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(relative);
      else if (entry.name.endsWith('.md')) files.push(relative);
    }
  };
  if (fs.existsSync(path.join(ROOT, 'docs'))) walk('docs');
  return files;
}

/** The text without code blocks and inline code, where brackets are not links. */
function proseOf(markdown: string): string {
  return markdown.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens. */
function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsIn(file: string): Set<string> {
  const headings = proseOf(fs.readFileSync(file, 'utf8')).match(/^#{1,6} .+$/gm) ?? [];
  return new Set(headings.map((line) => anchorOf(line.replace(/^#+ /, ''))));
}

function brokenLinks(file: string): string[] {
  const problems: string[] = [];
  const text = proseOf(fs.readFileSync(path.join(ROOT, file), 'utf8'));
  for (const match of text.matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)) {
    const target = match[1];
    if (/^[a-z][a-z0-9+.-]*:/i.test(target)) continue;
    const [pathPart, anchor] = target.split('#', 2);
    const resolved = pathPart === '' ? path.join(ROOT, file) : path.resolve(path.dirname(path.join(ROOT, file)), decodeURI(pathPart));
    if (!resolved.startsWith(ROOT + path.sep) || !fs.existsSync(resolved)) {
      problems.push(`${file}: ${target} — no such file`);
      continue;
    }
    if (anchor && resolved.endsWith('.md') && !anchorsIn(resolved).has(anchor)) {
      problems.push(`${file}: ${target} — no heading with that anchor`);
    }
  }
  return problems;
}

const files = markdownFiles();
const problems = files.flatMap(brokenLinks);
for (const problem of problems) console.error(problem);
console.log(`${files.length} files checked, ${problems.length} broken link(s).`);
if (problems.length > 0) process.exitCode = 1;
