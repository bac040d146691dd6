import { cp, mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { LOCK_FILE } from '../data-dir-lock';
import { writeTar, type TarMember } from './tar';

/**
 * A copy of the embedded database's folder taken at one moment, turned into the tar PGlite loads
 * (`loadDataDir`) once the moment has passed, so that requests wait only for the copy.
 */
export type DataFolderCopy = {
  /** The copy as one tar (members named from the folder's root, '/PG_VERSION'); the copy is removed. */
  tar: () => Promise<Buffer>;
};

/**
 * Copies the folder with the file system's own copy (a campus-sized database of a few hundred MB
 * in about a second, where reading it through PGlite's in-process file system took 14 s with every
 * request waiting), into a folder beside it open to its owner only; the portal's lock file stays out.
 */
export async function copyDataFolder(dataDir: string): Promise<DataFolderCopy> {
  const folder = path.resolve(dataDir);
  const staging = await mkdtemp(path.join(path.dirname(folder), `.${path.basename(folder)}-backup-`));
  const copy = path.join(staging, 'data');
  try {
    await cp(folder, copy, {
      recursive: true,
      filter: (source) => path.relative(folder, source) !== LOCK_FILE,
    });
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
  return {
    tar: async () => {
      try {
        return Buffer.concat(writeTar(await membersOf(copy)));
      } finally {
        await rm(staging, { recursive: true, force: true });
      }
    },
  };
}

/** Every folder and file under `root`, folders before what they hold, named as PGlite names them. */
async function membersOf(root: string): Promise<TarMember[]> {
  const members: TarMember[] = [];
  const walk = async (relative: string) => {
    const entries = await readdir(path.join(root, relative), { withFileTypes: true });
    entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    for (const entry of entries) {
      const name = `${relative}/${entry.name}`;
      const full = path.join(root, name);
      if (entry.isDirectory()) {
        members.push({ name, data: new Uint8Array(0), directory: true });
        await walk(name);
      } else if (entry.isFile()) {
        members.push({ name, data: await readFile(full), mtime: (await stat(full)).mtime });
      }
    }
  };
  await walk('');
  return members;
}
