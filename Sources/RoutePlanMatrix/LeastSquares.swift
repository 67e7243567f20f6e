import CLAPACK

/// Linear least squares through LAPACK's `dgels` (QR factorisation).
enum LeastSquares {
    /// The `x` minimising ‖A·x − b‖₂ for an `m`×`n` matrix `a` given
    /// column-major (`a[i + j*m]` is row *i*, column *j*), with `m ≥ n`.
    ///
    /// - Complexity: O(m·n²).
    static func solve(columnMajor a: [Double], rows m: Int, columns n: Int, rhs b: [Double]) throws -> [Double] {
        precondition(a.count == m * n && b.count == m && m >= n && n > 0)
        var matrix = a
        var rhs = b
        var trans = CChar(UInt8(ascii: "N"))
        var rows = Int32(m), cols = Int32(n), nrhs: Int32 = 1
        var lda = Int32(m), ldb = Int32(m)
        var info: Int32 = 0
        // Ask for the optimal workspace first.
        var query = 0.0
        var lwork: Int32 = -1
        dgels_(&trans, &rows, &cols, &nrhs, &matrix, &lda, &rhs, &ldb, &query, &lwork, &info, 1)
        guard info == 0 else { throw MatrixError.lapackFailure(routine: "dgels", info: Int(info)) }
        lwork = Int32(max(1, Int(query)))
        var work = [Double](repeating: 0, count: Int(lwork))
        dgels_(&trans, &rows, &cols, &nrhs, &matrix, &lda, &rhs, &ldb, &work, &lwork, &info, 1)
        // info > 0: A does not have full rank.
        if info > 0 { throw MatrixError.degenerateSamples }
        guard info == 0 else { throw MatrixError.lapackFailure(routine: "dgels", info: Int(info)) }
        return Array(rhs.prefix(n))
    }
}
