/// Helpers for putting text from a file into a one-line error message.
enum MessageText {
    /// A size as an adjective for a message: "268435456-byte (256 MiB)", or just
    /// "1000-byte" when it is not a whole number of KiB.
    static func byteCount(_ bytes: Int) -> String {
        let units = [(1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")]
        for (size, name) in units where bytes >= size && bytes % size == 0 {
            return "\(bytes)-byte (\(bytes / size) \(name))"
        }
        return "\(bytes)-byte"
    }
}
