import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { dirname, isAbsolute, relative, resolve } from "node:path";
import type { Page } from "@playwright/test";

/**
 * Answers the browser's folder picker for a test. Chromium's `showDirectoryPicker` (the File System Access
 * API, which the browser editor's local mode works through) cannot be answered by Playwright, so the page
 * gets a stand-in before any script runs: a FileSystemDirectoryHandle look-alike whose every read and write
 * goes through a binding to Node's fs, confined to `root` (a temporary copy of the project, never the
 * working tree). Only what Sveltia CMS calls is there: entries/values/keys, getDirectoryHandle and
 * getFileHandle (with create), removeEntry, getFile, createWritable (write, close), move and permissions.
 */
export async function answerFolderPicker(page: Page, root: string): Promise<void> {
  const inside = (path: string) => {
    const absolute = resolve(root, path || ".");
    const within = relative(root, absolute);
    if (within.startsWith("..") || isAbsolute(within)) throw new Error(`outside the folder: ${path}`);
    return absolute;
  };
  await page.exposeBinding("__folder", async (_source, operation: string, path: string, argument?: string) => {
    const target = inside(path);
    switch (operation) {
      case "list":
        return (await readdir(target, { withFileTypes: true })).map((entry) => ({
          name: entry.name,
          kind: entry.isDirectory() ? "directory" : "file",
        }));
      case "stat": {
        const info = await stat(target).catch(() => undefined);
        return info && { kind: info.isDirectory() ? "directory" : "file", modified: info.mtimeMs };
      }
      case "read":
        return (await readFile(target)).toString("base64");
      case "write":
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, Buffer.from(argument ?? "", "base64"));
        return null;
      case "mkdir":
        await mkdir(target, { recursive: true });
        return null;
      case "move":
        await rename(target, inside(argument!));
        return null;
      case "remove":
        await rm(target, { recursive: true, force: true });
        return null;
      default:
        throw new Error(`unknown operation ${operation}`);
    }
  });
  await page.addInitScript(() => {
    type Call = (operation: string, path: string, argument?: string) => Promise<unknown>;
    const call: Call = (...args) => (window as unknown as { __folder: Call }).__folder(...args);
    const join = (folder: string, name: string) => (folder ? `${folder}/${name}` : name);
    const notFound = (path: string) => new DOMException(`${path} was not found`, "NotFoundError");
    const base64 = async (blob: Blob) => {
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    };

    class FileHandle {
      readonly kind = "file";
      path: string;
      name: string;
      constructor(path: string, name: string) {
        this.path = path;
        this.name = name;
      }
      async getFile() {
        const info = (await call("stat", this.path)) as { modified: number } | undefined;
        if (!info) throw notFound(this.path);
        const bytes = Uint8Array.from(atob((await call("read", this.path)) as string), (char) => char.charCodeAt(0));
        return new File([bytes], this.name, { lastModified: info.modified });
      }
      async createWritable() {
        const parts: BlobPart[] = [];
        const path = this.path;
        return {
          async write(data: BlobPart | { type: string; data: BlobPart }) {
            parts.push(typeof data === "object" && data !== null && "type" in data && "data" in data ? data.data : (data as BlobPart));
          },
          async close() {
            await call("write", path, await base64(new Blob(parts)));
          },
          async abort() {},
        };
      }
      async move(folder: DirectoryHandle, name: string) {
        const to = join(folder.path, name);
        await call("move", this.path, to);
        this.path = to;
        this.name = name;
      }
      async queryPermission() {
        return "granted";
      }
      async requestPermission() {
        return "granted";
      }
    }

    class DirectoryHandle {
      readonly kind = "directory";
      path: string;
      name: string;
      constructor(path: string, name: string) {
        this.path = path;
        this.name = name;
      }
      async *entries(): AsyncGenerator<[string, FileHandle | DirectoryHandle]> {
        for (const { name, kind } of (await call("list", this.path)) as { name: string; kind: string }[]) {
          const path = join(this.path, name);
          yield [name, kind === "directory" ? new DirectoryHandle(path, name) : new FileHandle(path, name)];
        }
      }
      async *values() {
        for await (const [, handle] of this.entries()) yield handle;
      }
      async *keys() {
        for await (const [name] of this.entries()) yield name;
      }
      [Symbol.asyncIterator]() {
        return this.entries();
      }
      async getDirectoryHandle(name: string, { create = false } = {}) {
        const path = join(this.path, name);
        const info = (await call("stat", path)) as { kind: string } | undefined;
        if (!info && !create) throw notFound(path);
        if (info && info.kind !== "directory") throw new DOMException(`${path} is a file`, "TypeMismatchError");
        if (!info) await call("mkdir", path);
        return new DirectoryHandle(path, name);
      }
      async getFileHandle(name: string, { create = false } = {}) {
        const path = join(this.path, name);
        const info = (await call("stat", path)) as { kind: string } | undefined;
        if (!info && !create) throw notFound(path);
        if (info && info.kind !== "file") throw new DOMException(`${path} is a folder`, "TypeMismatchError");
        if (!info) await call("write", path, "");
        return new FileHandle(path, name);
      }
      async removeEntry(name: string) {
        await call("remove", join(this.path, name));
      }
      async queryPermission() {
        return "granted";
      }
      async requestPermission() {
        return "granted";
      }
    }

    Object.assign(window, { showDirectoryPicker: async () => new DirectoryHandle("", "project") });
  });
}
