import DesignTokens

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

extension FileOutput {
    /// A folder made in full beside the one it is for, then put in its place: the old folder stays whole until the
    /// new one is complete, and is replaced by two renames (the old folder aside, the new one into its place), so
    /// a reader sees the old folder or the new one, and for an instant none.
    ///
    /// The staging folder is `.NAME.tmp-XXXXXX` beside the target (hidden); a process killed before it commits
    /// leaves it there.
    final class StagedFolder {
        /// The folder the contents are for.
        let path: String
        /// The folder they are written into until committed.
        let staging: String
        /// The folders inside it made so far.
        private var madeFolders: Set<String> = []

        /// Makes an empty staging folder beside `path`, and any folder above `path` that is missing.
        /// - Throws: ``Failure`` when `path` exists and is not a folder, or a folder cannot be made.
        init(for path: String) throws(Failure) {
            var trimmed = path
            while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed.removeLast() }
            let last = trimmed.split(separator: "/").last ?? ""
            guard !trimmed.isEmpty, last != ".", last != ".." else {
                throw Failure(reason: "name the folder itself, not . or ..")
            }
            var info = stat()
            if lstat(trimmed, &info) == 0, (info.st_mode & S_IFMT) != S_IFDIR {
                throw Failure(
                    reason: (info.st_mode & S_IFMT) == S_IFLNK
                        ? "it is a symbolic link, not a folder" : "it is a file, not a folder")
            }
            let parent = FileSystem.folder(of: trimmed)
            if !parent.isEmpty { try makeDirectory(parent) }
            self.path = trimmed
            self.staging = try Self.folderBeside(trimmed, suffix: "tmp")
            // mkdtemp makes the folder 0700; give it the permissions of a folder made as usual.
            chmod(staging, permissionsForNew(0o777))
        }

        /// Writes a new file at `relativePath` inside the staging folder, making the folders it is in. (The folder
        /// is new and hidden, so a file is written into it directly: it is the folder that is put in place whole.)
        func write(_ bytes: [UInt8], at relativePath: String) throws(Failure) {
            let file = try prepare(relativePath)
            var descriptor: Int32
            repeat {
                descriptor = open(file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o666)
            } while descriptor < 0 && errno == EINTR
            guard descriptor >= 0 else { throw FileSystem.lastError() }
            do {
                var sink = OutputSink(writingTo: descriptor)
                try sink.write(bytes)
            } catch {
                close(descriptor)
                throw error
            }
            guard close(descriptor) == 0 else { throw FileSystem.lastError() }
        }

        /// Copies the file at `source` to `relativePath` inside the staging folder.
        func copy(_ source: String, to relativePath: String) throws(Failure) {
            let bytes = try FileSystem.read(source)
            try write(bytes, at: relativePath)
        }

        /// The staging path of `relativePath`, the folders it is in made (each once).
        private func prepare(_ relativePath: String) throws(Failure) -> String {
            let parts = relativePath.split(separator: "/", omittingEmptySubsequences: true)
            guard !parts.isEmpty, !parts.contains(where: { $0 == "." || $0 == ".." }) else {
                throw Failure(reason: "\(relativePath) is not a path inside the folder")
            }
            var folder = staging
            for part in parts.dropLast() {
                folder += "/" + part
                guard !madeFolders.contains(folder) else { continue }
                if mkdir(folder, 0o777) != 0 && errno != EEXIST { throw FileSystem.lastError() }
                madeFolders.insert(folder)
            }
            return folder + "/" + parts.last!
        }

        /// Puts the staging folder in the place of the folder it is for: the old folder is renamed aside, the new
        /// one into its place, and the old one removed. If the second rename fails, the old folder is put back.
        func commit() throws(Failure) {
            var info = stat()
            guard lstat(path, &info) == 0 else {
                guard errno == ENOENT else { throw FileSystem.lastError() }
                guard rename(staging, path) == 0 else { throw FileSystem.lastError() }
                return
            }
            let aside = try Self.folderBeside(path, suffix: "old")
            guard rename(path, aside) == 0 else {
                let failure = FileSystem.lastError()
                rmdir(aside)
                throw failure
            }
            guard rename(staging, path) == 0 else {
                let failure = FileSystem.lastError()
                rename(aside, path)
                throw failure
            }
            removeTree(aside)
        }

        /// A new, empty, hidden folder beside `path`: `.NAME.SUFFIX-XXXXXX` (`mkdtemp`).
        private static func folderBeside(_ path: String, suffix: String) throws(Failure) -> String {
            var template = Array("\(FileSystem.folder(of: path)).\(name(of: path)).\(suffix)-XXXXXX".utf8CString)
            // `mkdtemp` rewrites the `XXXXXX` of the NUL-terminated template in place.
            guard template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) != nil else {
                throw FileSystem.lastError()
            }
            return String(cString: template.map { $0 })
        }

        /// Removes the staging folder and everything in it.
        func discard() {
            removeTree(staging)
        }
    }

    /// Removes a folder and everything in it, without following symbolic links (a link is removed, not what it
    /// names). What cannot be removed is left.
    static func removeTree(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return }
        guard (info.st_mode & S_IFMT) == S_IFDIR else {
            unlink(path)
            return
        }
        if let directory = opendir(path) {
            var names: [String] = []
            while let entry = readdir(directory) {
                // The name up to its NUL, within the `d_name` array's own bytes.
                let name = withUnsafeBytes(of: entry.pointee.d_name) {
                    String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
                }
                if name != "." && name != ".." { names.append(name) }
            }
            closedir(directory)
            for name in names { removeTree(path + "/" + name) }
        }
        rmdir(path)
    }
}
