import DesignTokens

extension FuzzTarget {
    /// A base the token targets layer their input over: a token of each type, aliases, a composite with aliased
    /// members and a group with `$extends`, so that an input's references have something to find.
    static let base = TokenSource(
        name: "base.json",
        bytes: Array(
            #"""
            {
              "color": {
                "$type": "color",
                "blue": {"$value": {"colorSpace": "srgb", "components": [0, 0.33, 1]}},
                "accent": {"$value": "{color.blue}"},
                "text": {"$value": {"colorSpace": "oklch", "components": [0.5, 0.1, 200], "alpha": 0.5}}
              },
              "size": {
                "$type": "dimension",
                "sm": {"$value": {"value": 4, "unit": "px"}},
                "md": {"$value": {"value": 1, "unit": "rem"}},
                "ref": {"$value": {"$ref": "#/size/sm/$value"}}
              },
              "scale": {"$type": "number", "step": {"$value": 1.25}},
              "weight": {"$type": "fontWeight", "bold": {"$value": 700}},
              "family": {"$type": "fontFamily", "body": {"$value": ["Inter", "sans-serif"]}},
              "motion": {
                "fast": {"$type": "duration", "$value": {"value": 120, "unit": "ms"}},
                "ease": {"$type": "cubicBezier", "$value": [0.4, 0, 0.2, 1]}
              },
              "border": {
                "$type": "border",
                "thin": {"$value": {"color": "{color.accent}", "width": "{size.sm}", "style": "solid"}}
              },
              "shadow": {
                "$type": "shadow",
                "raised": {"$value": {"color": "{color.text}", "offsetX": "{size.sm}", "offsetY": {"value": 2, "unit": "px"}, "blur": {"value": 8, "unit": "px"}, "spread": {"value": 0, "unit": "px"}}}
              },
              "type": {
                "$type": "typography",
                "body": {"$value": {"fontFamily": "{family.body}", "fontSize": "{size.md}", "fontWeight": "{weight.bold}", "lineHeight": 1.5, "letterSpacing": {"value": 0, "unit": "px"}}}
              },
              "button": {"$description": "a group to extend", "radius": {"$type": "dimension", "$value": "{size.sm}"}},
              "cta": {"$extends": "{button}", "label": {"$type": "string", "$value": "Go"}}
            }
            """#.utf8))

    /// The token loader and resolver: the input as a file alone, and as a theme over ``base``, under each reading
    /// policy.
    static let tokens = FuzzTarget(name: "tokens") {
        bytes in
        let file = TokenSource(name: "theme.json", bytes: bytes)
        Properties.resolveAndCheck([file])
        Properties.resolveAndCheck([base, file])
    }
}
