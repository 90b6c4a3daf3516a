import DesignTokens

extension TokenValue.Dimension {
    /// The length in points a renderer can draw: nil for a unit with no length of its own (`em`, `%`, a viewport
    /// unit) and for one beyond what a `Double` holds in points (`1e308rem`).
    var drawnPoints: Double? {
        guard let points = points(), points.isFinite else { return nil }
        return points
    }
}
