extension ColorConversion {
    /// A 3×3 matrix by rows, applied to a column of components.
    struct Matrix: Sendable {
        var rows: (Components, Components, Components)

        init(_ first: Components, _ second: Components, _ third: Components) {
            rows = (first, second, third)
        }

        static func * (matrix: Matrix, column: Components) -> Components {
            Components((matrix.rows.0 * column).sum(), (matrix.rows.1 * column).sum(), (matrix.rows.2 * column).sum())
        }
    }

    // The matrices of CSS Color 4's sample code, in the rational form it gives where it gives one, so that they
    // are as exact as a Double allows; each pair is a matrix and its inverse.

    /// Linear sRGB to XYZ (D65), and back.
    static let linearSRGBToXYZ = Matrix(
        [506752 / 1228815, 87881 / 245763, 12673 / 70218],
        [87098 / 409605, 175762 / 245763, 12673 / 175545],
        [7918 / 409605, 87881 / 737289, 1001167 / 1053270])
    static let xyzToLinearSRGB = Matrix(
        [12831 / 3959, -329 / 214, -1974 / 3959],
        [-851781 / 878810, 1648619 / 878810, 36519 / 878810],
        [705 / 12673, -2585 / 12673, 705 / 667])

    /// Linear Display P3 to XYZ (D65), and back.
    static let linearP3ToXYZ = Matrix(
        [608311 / 1250200, 189793 / 714400, 198249 / 1000160],
        [35783 / 156275, 247089 / 357200, 198249 / 2500400],
        [0, 32229 / 714400, 5220557 / 5000800])
    static let xyzToLinearP3 = Matrix(
        [446124 / 178915, -333277 / 357830, -72051 / 178915],
        [-14852 / 17905, 63121 / 35810, 423 / 17905],
        [11844 / 330415, -50337 / 660830, 316169 / 330415])

    /// Linear A98 RGB to XYZ (D65), and back.
    static let linearA98ToXYZ = Matrix(
        [573536 / 994567, 263643 / 1420810, 187206 / 994567],
        [591459 / 1989134, 6239551 / 9945670, 374412 / 4972835],
        [53769 / 1989134, 351524 / 4972835, 4929758 / 4972835])
    static let xyzToLinearA98 = Matrix(
        [1829569 / 896150, -506331 / 896150, -308931 / 896150],
        [-851781 / 878810, 1648619 / 878810, 36519 / 878810],
        [16779 / 1248040, -147721 / 1248040, 1266979 / 1248040])

    /// Linear ProPhoto RGB to XYZ relative to D50 (its own white), and back; it has no rational form.
    static let linearProPhotoToXYZD50 = Matrix(
        [0.79776664490064230, 0.13518129740053308, 0.03134773412839220],
        [0.28807482881940130, 0.71183523424187300, 0.00008993693872564],
        [0, 0, 0.82510460251046020])
    static let xyzD50ToLinearProPhoto = Matrix(
        [1.34578688164715830, -0.25557208737979464, -0.05110186497554526],
        [-0.54463070512490190, 1.50824774284514680, 0.02052744743642139],
        [0, 0, 1.21196754563894520])

    /// Linear Rec. 2020 to XYZ (D65), and back.
    static let linearRec2020ToXYZ = Matrix(
        [63426534 / 99577255, 20160776 / 139408157, 47086771 / 278816314],
        [26158966 / 99577255, 472592308 / 697040785, 8267143 / 139408157],
        [0, 19567812 / 697040785, 295819943 / 278816314])
    static let xyzToLinearRec2020 = Matrix(
        [30757411 / 17917100, -6372589 / 17917100, -4539589 / 17917100],
        [-19765991 / 29648200, 47925759 / 29648200, 467509 / 29648200],
        [792561 / 44930125, -1921689 / 44930125, 42328811 / 44930125])

    /// Bradford chromatic adaptation from the D65 white point to D50, and back.
    static let d65ToD50 = Matrix(
        [1.0479297925449969, 0.022946870601609652, -0.05019226628920524],
        [0.02962780877005599, 0.9904344267538799, -0.017073799063418826],
        [-0.009243040646204504, 0.015055191490298152, 0.7518742814281371])
    static let d50ToD65 = Matrix(
        [0.955473421488075, -0.02309845494876471, 0.06325924320057072],
        [-0.0283697093338637, 1.0099953980813041, 0.021041441191917323],
        [0.012314014864481998, -0.020507649298898964, 1.330365926242124])

    /// OKLab: XYZ (D65) to LMS cone responses and their cube roots to OKLab, and back.
    static let xyzToLMS = Matrix(
        [0.8190224379967030, 0.3619062600528904, -0.1288737815209879],
        [0.0329836539323885, 0.9292868615863434, 0.0361446663506424],
        [0.0481771893596242, 0.2642395317527308, 0.6335478284694309])
    static let lmsToOKLab = Matrix(
        [0.2104542683093140, 0.7936177747023054, -0.0040720430116193],
        [1.9779985324311684, -2.4285922420485799, 0.4505937096174110],
        [0.0259040424655478, 0.7827717124575296, -0.8086757549230774])
    static let oklabToLMS = Matrix(
        [1, 0.3963377773761749, 0.2158037573099136],
        [1, -0.1055613458156586, -0.0638541728258133],
        [1, -0.0894841775298119, -1.2914855480194092])
    static let lmsToXYZ = Matrix(
        [1.2268798758459243, -0.5578149944602171, 0.2813910456659647],
        [-0.0405757452148008, 1.1122868032803170, -0.0717110580655164],
        [-0.0763729366746601, -0.4214933324022432, 1.5869240198367816])
}
