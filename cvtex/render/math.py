"""The small math profile text may hold (``$3\\times$``, ``$M_\\odot$``): which commands
it accepts, and the character each prints where math is not typeset (web pages, Word,
plain text, the PDF check's expected text).

Only commands of LaTeX's own math fonts are accepted: the templates load no math package,
and an unknown command would stop the build.
"""

from __future__ import annotations

MATH_SYMBOLS = {
    "times": "×",
    "cdot": "·",
    "pm": "±",
    "mp": "∓",
    "sim": "∼",
    "approx": "≈",
    "simeq": "≃",
    "propto": "∝",
    "neq": "≠",
    "ne": "≠",
    "equiv": "≡",
    "le": "≤",
    "leq": "≤",
    "ge": "≥",
    "geq": "≥",
    "ll": "≪",
    "gg": "≫",
    "to": "→",
    "rightarrow": "→",
    "leftarrow": "←",
    "leftrightarrow": "↔",
    "Rightarrow": "⇒",
    "infty": "∞",
    "odot": "⊙",
    "oplus": "⊕",
    "otimes": "⊗",
    "star": "⋆",
    "ast": "∗",
    "circ": "∘",
    "bullet": "•",
    "prime": "′",
    "partial": "∂",
    "nabla": "∇",
    "ell": "ℓ",
    "hbar": "ℏ",
    "dots": "…",
    "ldots": "…",
    "cdots": "⋯",
    "alpha": "α",
    "beta": "β",
    "gamma": "γ",
    "delta": "δ",
    "epsilon": "ε",
    "varepsilon": "ε",
    "zeta": "ζ",
    "eta": "η",
    "theta": "θ",
    "vartheta": "ϑ",
    "iota": "ι",
    "kappa": "κ",
    "lambda": "λ",
    "mu": "μ",
    "nu": "ν",
    "xi": "ξ",
    "pi": "π",
    "rho": "ρ",
    "sigma": "σ",
    "tau": "τ",
    "upsilon": "υ",
    "phi": "φ",
    "varphi": "φ",
    "chi": "χ",
    "psi": "ψ",
    "omega": "ω",
    "Gamma": "Γ",
    "Delta": "Δ",
    "Theta": "Θ",
    "Lambda": "Λ",
    "Xi": "Ξ",
    "Pi": "Π",
    "Sigma": "Σ",
    "Upsilon": "Υ",
    "Phi": "Φ",
    "Psi": "Ψ",
    "Omega": "Ω",
    "log": "log",
    "ln": "ln",
    "exp": "exp",
    "sin": "sin",
    "cos": "cos",
    "min": "min",
    "max": "max",
}

# The characters that have a raised or a lowered form in Unicode, as that form (x², H₂O):
# how math reads where it is not typeset.
SUPERSCRIPTS = str.maketrans("0123456789+-=()n", "⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁼⁽⁾ⁿ")
SUBSCRIPTS = str.maketrans("0123456789+-=()", "₀₁₂₃₄₅₆₇₈₉₊₋₌₍₎")

# Upright or italic letters set as a word (``M_{\mathrm{BH}}``): the one place math may
# hold a run of letters, which it would otherwise set as a product of variables.
MATH_FONTS = ("mathrm", "mathit")
# What a word in a math font may hold.
MATH_WORD = r"[A-Za-z0-9.\-]+"
