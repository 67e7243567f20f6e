import Foundation
import RoutePlanMatrix

/// Writes RoutePlan's tile cache, version 1 (see ``MatrixTileCache``):
///
/// ```json
/// {
///   "provider" : "google",
///   "routeplanMatrixCache" : 1,
///   "tiles" : [
///     {
///       "destinations" : ["ChIJ…", "Louvre Museum"],
///       "origins" : ["ChIJ…", "Louvre Museum"],
///       "response" : <the body, byte for byte>
///     }
///   ],
///   "travelMode" : "driving"
/// }
/// ```
///
/// Keys are in sorted order and the layout is fixed, so the same responses
/// always give the same bytes. Each response is embedded byte for byte as
/// returned (it was checked to be one JSON value of the expected kind), so
/// its own layout is kept; only whitespace before and after the value is
/// left out.
enum MatrixCacheFile {
    static func encode(provider: MatrixSourceFormat, travelMode: String?, tiles: [FetchedTile]) -> Data {
        var out = Data()
        func put(_ text: String) { out.append(contentsOf: Array(text.utf8)) }
        func list(_ keys: [String]) -> String { "[" + keys.map(quoted).joined(separator: ", ") + "]" }

        put("{\n  \"provider\" : \(quoted(provider.rawValue)),\n  \"routeplanMatrixCache\" : 1,\n  \"tiles\" : [")
        for (k, tile) in tiles.enumerated() {
            put(k == 0 ? "\n" : ",\n")
            put("    {\n      \"destinations\" : \(list(tile.destinations)),\n")
            put("      \"origins\" : \(list(tile.origins)),\n")
            put("      \"response\" : ")
            out.append(trimmed(tile.response))
            put("\n    }")
        }
        put(tiles.isEmpty ? "]" : "\n  ]")
        if let travelMode { put(",\n  \"travelMode\" : \(quoted(travelMode))") }
        put("\n}\n")
        return out
    }

    /// The body without the whitespace around its JSON value.
    private static func trimmed(_ body: Data) -> Data {
        let space: Set<UInt8> = [0x20, 0x09, 0x0A, 0x0D]
        let bytes = [UInt8](body)
        guard let first = bytes.firstIndex(where: { !space.contains($0) }),
              let last = bytes.lastIndex(where: { !space.contains($0) }) else { return body }
        return Data(bytes[first...last])
    }

    /// A JSON string literal.
    static func quoted(_ text: String) -> String {
        var out = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": out += "\\\""
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\r": out += "\\r"
            case "\t": out += "\\t"
            case _ where scalar.value < 0x20:
                out += String(format: "\\u%04X", scalar.value)
            default:
                out.unicodeScalars.append(scalar)
            }
        }
        return out + "\""
    }
}
