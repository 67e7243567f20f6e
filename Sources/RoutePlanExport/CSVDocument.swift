import Foundation

/// Writes a route as CSV (RFC 4180) for spreadsheets and scripts: one row
/// per stop in visiting order, with the leg that arrives at it.
///
/// ```swift
/// let csv = CSVDocument.route(
///     stops: stops,
///     legs: [
///         CSVDocument.Leg(distanceMeters: 612, durationSeconds: 480),
///         CSVDocument.Leg(distanceMeters: 1_045.5, durationSeconds: 810),
///     ]
/// )
/// // order,name,placeID,lat,lng,leg_distance_m,leg_duration_s
/// // 1,Rossio,,38.7139,-9.1394,,
/// // 2,Castelo,,38.71395,-9.13353,612,480
/// // 3,Belém,,38.6916,-9.216,1045.5,810
/// ```
///
/// ## Layout
/// - A header row, then one row per element of `stops`, repeats included
///   (a round trip's return to the start is the last row).
/// - Columns: `order` (1-based), `name`, `placeID` (empty when unknown),
///   `lat`, `lng` (at most six decimals, like the other exporters),
///   `leg_distance_m`, `leg_duration_s` (the leg from the previous row's
///   stop to this one, at most one decimal; empty in the first row, and in
///   every row when no legs are given).
/// - Every record, the last one included, ends with CRLF as RFC 4180
///   specifies; spreadsheet apps and most CSV readers also accept it where
///   LF is usual. The text is UTF-8 without a byte order mark (prepend
///   `"\u{FEFF}"` for apps that need one to detect UTF-8).
/// - A field is quoted when it contains a comma, a double quote, CR or LF,
///   or starts or ends with a space; quotes inside are doubled. Other fields
///   are written as they are.
///
/// ## Formula injection
/// Spreadsheet apps run a cell that starts with `=`, `+`, `-` or `@` as a
/// formula, so a stop named `=HYPERLINK(…)` could run when the file is
/// opened. With `guardFormulas` (the default), a `name` or `placeID` that
/// starts with one of these, or with a tab or CR, gets a leading `'` (as
/// OWASP recommends): spreadsheets then show it as text, but programs that
/// read the CSV see the `'`. Pass `guardFormulas: false` for files meant
/// only for programs. The numeric columns are never changed (a negative
/// coordinate such as `-9.1366` is a number, not a formula).
///
/// ``routes(sections:guardFormulas:)`` writes several routes (the days of a
/// trip) into one table, with the day and the visit times in extra columns.
///
/// Complexity: O(total length of the names and place IDs + number of stops).
public enum CSVDocument {
    /// The header row's column names, in order.
    public static let columns = ["order", "name", "placeID", "lat", "lng", "leg_distance_m", "leg_duration_s"]

    /// The distance and travel time of one leg, from one stop to the next.
    ///
    /// ```swift
    /// let leg = CSVDocument.Leg(distanceMeters: 1_200, durationSeconds: 900)
    /// ```
    public struct Leg: Sendable, Hashable {
        /// Length of the leg in metres. NaN or infinity (unknown) is
        /// written as an empty field.
        public var distanceMeters: Double
        /// Travel time of the leg in seconds. NaN or infinity (unknown) is
        /// written as an empty field.
        public var durationSeconds: Double

        /// Creates a leg.
        public init(distanceMeters: Double, durationSeconds: Double) {
            self.distanceMeters = distanceMeters
            self.durationSeconds = durationSeconds
        }
    }

    /// The CSV text for an ordered route: a header row, then one row per
    /// stop, each ending with CRLF.
    ///
    /// ```swift
    /// let text = CSVDocument.route(stops: stops, legs: legs)
    /// try text.write(to: URL(fileURLWithPath: "route.csv"), atomically: true, encoding: .utf8)
    /// ```
    ///
    /// - Parameters:
    ///   - stops: The stops in visiting order, repeats included.
    ///   - legs: Either empty (legs unknown: the leg columns stay empty) or
    ///     one leg per pair of consecutive stops, `legs[i]` going from
    ///     `stops[i]` to `stops[i + 1]`. Any other count stops the program
    ///     (`precondition`).
    ///   - guardFormulas: Prefix `'` to names and place IDs that a
    ///     spreadsheet would run as a formula (see "Formula injection").
    public static func route(stops: [Waypoint], legs: [Leg] = [], guardFormulas: Bool = true) -> String {
        precondition(
            legs.isEmpty || legs.count == max(stops.count - 1, 0),
            "CSVDocument: expected \(max(stops.count - 1, 0)) legs for \(stops.count) stops, got \(legs.count)"
        )
        var text = record(columns)
        for (index, stop) in stops.enumerated() {
            text += record(
                [String(index + 1)]
                    + stopFields(stop, guardFormulas: guardFormulas)
                    + legFields(arrivingAt: index, legs: legs)
            )
        }
        return text
    }

    /// The header row's column names for ``routes(sections:guardFormulas:)``,
    /// in order.
    public static let sectionColumns = [
        "day", "day_name", "order", "name", "placeID", "lat", "lng",
        "arrival", "start", "end", "departure", "leg_distance_m", "leg_duration_s",
    ]

    /// The CSV text for several routes (the days of a trip): a header row
    /// (``sectionColumns``), then one row per stop of each section in turn,
    /// each ending with CRLF.
    ///
    /// ```swift
    /// let text = CSVDocument.routes(sections: days)
    /// // day,day_name,order,name,placeID,lat,lng,arrival,start,end,departure,leg_distance_m,leg_duration_s
    /// // 1,Day 1 · Mon 21 Sep 2026,1,Hotel,,38.7107,-9.1366,,,,2026-09-21T09:00:00,,
    /// // 1,Day 1 · Mon 21 Sep 2026,2,Castelo,,38.71395,-9.13353,2026-09-21T09:25:00,…,612,480
    /// ```
    ///
    /// Columns: `day` (the section's 1-based number), `day_name` (the
    /// section's name), then as in ``route(stops:legs:guardFormulas:)``
    /// `order` (1-based within the section), `name`, `placeID`, `lat`,
    /// `lng`; then the stop's `arrival`, `start`, `end` and `departure` as
    /// given (empty when not); then the leg arriving at the stop (empty in a
    /// section's first row and when the section has no legs). Quoting,
    /// line ends and formula guarding are as in
    /// ``route(stops:legs:guardFormulas:)``; `day_name` and the times are
    /// guarded like names.
    ///
    /// Complexity: O(total length of the texts + number of stops).
    ///
    /// - Parameters:
    ///   - sections: The routes, in order. A section whose `legs` is neither
    ///     empty nor one per pair of consecutive stops, or whose `times` is
    ///     neither empty nor one per stop, stops the program
    ///     (`precondition`).
    ///   - guardFormulas: Prefix `'` to texts that a spreadsheet would run
    ///     as a formula (see "Formula injection").
    public static func routes(sections: [RouteSection], guardFormulas: Bool = true) -> String {
        var text = record(sectionColumns)
        for (sectionIndex, section) in sections.enumerated() {
            section.checkCounts(writer: "CSVDocument", checkingLegs: true)
            let dayName = textField(section.name, guardFormulas: guardFormulas)
            for (index, stop) in section.stops.enumerated() {
                let times = (section.times(at: index)?.values ?? [nil, nil, nil, nil]).map {
                    textField($0 ?? "", guardFormulas: guardFormulas)
                }
                text += record(
                    [String(sectionIndex + 1), dayName, String(index + 1)]
                        + stopFields(stop, guardFormulas: guardFormulas)
                        + times
                        + legFields(arrivingAt: index, legs: section.legs)
                )
            }
        }
        return text
    }

    /// `name`, `placeID`, `lat`, `lng` of a stop.
    private static func stopFields(_ stop: Waypoint, guardFormulas: Bool) -> [String] {
        [
            textField(stop.name, guardFormulas: guardFormulas),
            textField(stop.placeID ?? "", guardFormulas: guardFormulas),
            CoordinateText.decimal(stop.latitude),
            CoordinateText.decimal(stop.longitude),
        ]
    }

    /// `leg_distance_m`, `leg_duration_s` of the leg arriving at stop
    /// `index`: empty for the first stop and when `legs` is empty.
    private static func legFields(arrivingAt index: Int, legs: [Leg]) -> [String] {
        let leg: Leg? = index > 0 && !legs.isEmpty ? legs[index - 1] : nil
        return [leg.map { measure($0.distanceMeters) } ?? "", leg.map { measure($0.durationSeconds) } ?? ""]
    }

    /// One record: the fields, quoted where needed, joined by commas and
    /// ended with CRLF.
    static func record(_ fields: [String]) -> String {
        fields.map(quoted).joined(separator: ",") + "\r\n"
    }

    /// `field` as RFC 4180 writes it: in double quotes, with inner quotes
    /// doubled, when it holds a comma, quote, CR or LF or has a leading or
    /// trailing space (which some readers trim); otherwise unchanged.
    static func quoted(_ field: String) -> String {
        let needsQuotes = field.unicodeScalars.contains { $0 == "," || $0 == "\"" || $0 == "\r" || $0 == "\n" }
            || field.hasPrefix(" ") || field.hasSuffix(" ")
        guard needsQuotes else { return field }
        return "\"" + field.replacingOccurrences(of: "\"", with: "\"\"") + "\""
    }

    /// A name or place ID, with a leading `'` when `guardFormulas` is set
    /// and a spreadsheet would treat the text as a formula.
    static func textField(_ text: String, guardFormulas: Bool) -> String {
        guard guardFormulas, let first = text.unicodeScalars.first else { return text }
        switch first {
        case "=", "+", "-", "@", "\t", "\r":
            return "'" + text
        default:
            return text
        }
    }

    /// A distance or duration with at most one decimal (trailing `.0`
    /// removed, `-0` written as `0`); empty when not finite.
    static func measure(_ value: Double) -> String {
        guard value.isFinite else { return "" }
        // %f ignores the locale (always "."), and never uses an exponent.
        var text = String(format: "%.1f", value)
        if text.hasSuffix(".0") {
            text.removeLast(2)
        }
        return text == "-0" ? "0" : text
    }
}
