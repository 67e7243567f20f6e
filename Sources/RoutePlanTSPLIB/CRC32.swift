/// The CRC-32 checksum gzip stores in each member's trailer (RFC 1952 §8; the ISO 3309 /
/// ITU-T V.42 polynomial 0x04C11DB7, processed least significant bit first as 0xEDB88320,
/// with the register preset to all ones and inverted at the end).
///
/// The table-driven form processes one byte per step with a 256-entry table: O(n) time for
/// n bytes and O(1) extra memory. The check value of the ASCII bytes `123456789` is
/// `0xCBF43926`.
///
/// ```swift
/// var crc = CRC32()
/// crc.update(Array("1234".utf8))
/// crc.update(Array("56789".utf8))
/// crc.value  // 0xCBF43926
/// ```
struct CRC32: Sendable {
    /// The reflected generator polynomial.
    private static let polynomial: UInt32 = 0xEDB8_8320

    /// `table[b]` is the register after shifting the byte `b` through an all-zero register.
    private static let table: [UInt32] = (0..<256).map { byte in
        var remainder = UInt32(byte)
        for _ in 0..<8 {
            remainder = remainder & 1 == 1 ? (remainder >> 1) ^ polynomial : remainder >> 1
        }
        return remainder
    }

    /// The register, kept inverted between updates.
    private var register: UInt32 = 0xFFFF_FFFF

    /// A checksum of no bytes yet.
    init() {}

    /// The checksum of all bytes passed to ``update(_:)`` so far.
    var value: UInt32 { ~register }

    /// Feeds `bytes` into the checksum.
    mutating func update<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        let table = Self.table
        var crc = register
        table.withUnsafeBufferPointer { table in
            for byte in bytes {
                crc = table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] ^ (crc >> 8)
            }
        }
        register = crc
    }

    /// The checksum of `bytes`.
    static func checksum<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> UInt32 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }
}
