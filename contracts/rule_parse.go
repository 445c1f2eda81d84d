package contracts

import (
	"fmt"
	"strings"
)

// ruleError is a problem in a rule expression at a byte offset.
type ruleError struct {
	off             int
	code, msg, hint string
}

func (e *ruleError) Error() string { return fmt.Sprintf("offset %d: %s", e.off, e.msg) }

// ruleParser reads a rule expression by recursive descent:
//
//	expr    = or
//	or      = and { ("or" | "||") and }
//	and     = not { ("and" | "&&") not }
//	not     = ("not" | "!") not | cmp
//	cmp     = sum [ ("=" | "==" | "!=" | "<>" | "<" | "<=" | ">" | ">=") sum ]
//	sum     = product { ("+" | "-") product }
//	product = unary { ("*" | "/") unary }
//	unary   = "-" unary | primary
//	primary = number | 'string' | true | false | call | path | "(" expr ")"
//	call    = ("isnull" | "isnotnull" | "coalesce") "(" expr { "," expr } ")"
//	path    = name { "." name }, name = identifier | `any text`
//
// Keywords are case-insensitive; a quote inside a string is written \'.
// The nodes it returns are untyped: checkRule types them.
type ruleParser struct {
	toks []ruleToken
	i    int
}

// parseRuleExpr parses src into an untyped tree.
func parseRuleExpr(src string) (*RuleNode, *ruleError) {
	toks, err := lexRule(src)
	if err != nil {
		return nil, err
	}
	p := &ruleParser{toks: toks}
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	if t := p.peek(); t.kind != tokEOF {
		return nil, p.errorf(t, "unexpected %s after the expression", t)
	}
	return n, nil
}

func (p *ruleParser) peek() ruleToken { return p.toks[p.i] }

func (p *ruleParser) next() ruleToken {
	t := p.toks[p.i]
	if t.kind != tokEOF {
		p.i++
	}
	return t
}

// accept consumes the next token when it is one of ops (operators or
// keywords, compared case-insensitively).
func (p *ruleParser) accept(ops ...string) (ruleToken, bool) {
	t := p.peek()
	if t.kind != tokOp && t.kind != tokIdent {
		return t, false
	}
	for _, op := range ops {
		if strings.EqualFold(t.text, op) {
			p.i++
			return t, true
		}
	}
	return t, false
}

func (p *ruleParser) errorf(t ruleToken, format string, args ...any) *ruleError {
	return &ruleError{off: t.off, code: CodeRuleSyntax, msg: fmt.Sprintf(format, args...),
		hint: "write e.g. session_end >= session_start and coalesce(discount, 0) <= total"}
}

// binary parses a left-associative chain of sub separated by ops; canon
// maps an operator as written to its RuleOp.
func (p *ruleParser) binary(sub func() (*RuleNode, *ruleError), canon map[string]RuleOp) (*RuleNode, *ruleError) {
	left, err := sub()
	if err != nil {
		return nil, err
	}
	for {
		t := p.peek()
		op, ok := canon[strings.ToLower(t.text)]
		if !ok || (t.kind != tokOp && t.kind != tokIdent) {
			return left, nil
		}
		p.i++
		right, err := sub()
		if err != nil {
			return nil, err
		}
		left = &RuleNode{Op: op, Args: []*RuleNode{left, right}, Offset: t.off}
	}
}

var (
	orOps   = map[string]RuleOp{"or": RuleOr, "||": RuleOr}
	andOps  = map[string]RuleOp{"and": RuleAnd, "&&": RuleAnd}
	sumOps  = map[string]RuleOp{"+": RuleAdd, "-": RuleSub}
	prodOps = map[string]RuleOp{"*": RuleMul, "/": RuleDiv}
	cmpOps  = map[string]RuleOp{"=": RuleEq, "==": RuleEq, "!=": RuleNe, "<>": RuleNe,
		"<": RuleLt, "<=": RuleLe, ">": RuleGt, ">=": RuleGe}
	ruleFuncs = map[string]RuleOp{"isnull": RuleIsNull, "isnotnull": RuleIsNotNull, "coalesce": RuleCoalesce}
)

func (p *ruleParser) or() (*RuleNode, *ruleError)  { return p.binary(p.and, orOps) }
func (p *ruleParser) and() (*RuleNode, *ruleError) { return p.binary(p.not, andOps) }

func (p *ruleParser) not() (*RuleNode, *ruleError) {
	if t, ok := p.accept("not", "!"); ok {
		arg, err := p.not()
		if err != nil {
			return nil, err
		}
		return &RuleNode{Op: RuleNot, Args: []*RuleNode{arg}, Offset: t.off}, nil
	}
	return p.cmp()
}

// cmp parses at most one comparison: a < b < c is an error, not a chain.
func (p *ruleParser) cmp() (*RuleNode, *ruleError) {
	left, err := p.sum()
	if err != nil {
		return nil, err
	}
	t := p.peek()
	op, ok := cmpOps[t.text]
	if !ok || t.kind != tokOp {
		return left, nil
	}
	p.i++
	right, err := p.sum()
	if err != nil {
		return nil, err
	}
	if t2 := p.peek(); t2.kind == tokOp && cmpOps[t2.text] != "" {
		return nil, p.errorf(t2, "comparisons do not chain; join them with and")
	}
	return &RuleNode{Op: op, Args: []*RuleNode{left, right}, Offset: t.off}, nil
}

func (p *ruleParser) sum() (*RuleNode, *ruleError)     { return p.binary(p.product, sumOps) }
func (p *ruleParser) product() (*RuleNode, *ruleError) { return p.binary(p.unary, prodOps) }

func (p *ruleParser) unary() (*RuleNode, *ruleError) {
	t, ok := p.accept("-")
	if !ok {
		return p.primary()
	}
	arg, err := p.unary()
	if err != nil {
		return nil, err
	}
	if arg.Op == RuleLiteral && arg.Type.Kind == "" && !strings.HasPrefix(arg.Value, "-") {
		arg.Value, arg.Offset = "-"+arg.Value, t.off
		return arg, nil
	}
	return &RuleNode{Op: RuleNeg, Args: []*RuleNode{arg}, Offset: t.off}, nil
}

func (p *ruleParser) primary() (*RuleNode, *ruleError) {
	t := p.next()
	switch t.kind {
	case tokNumber:
		return &RuleNode{Op: RuleLiteral, Value: t.text, Offset: t.off}, nil
	case tokString:
		return &RuleNode{Op: RuleLiteral, Type: Type{Kind: KindString}, Value: t.text, Offset: t.off}, nil
	case tokOp:
		if t.text == "(" {
			return p.paren()
		}
	case tokIdent, tokQuoted:
		return p.name(t)
	}
	if t.kind == tokEOF {
		return nil, p.errorf(t, "the expression ends too early")
	}
	return nil, p.errorf(t, "unexpected %s", t)
}

func (p *ruleParser) paren() (*RuleNode, *ruleError) {
	n, err := p.or()
	if err != nil {
		return nil, err
	}
	if t, ok := p.accept(")"); !ok {
		return nil, p.errorf(t, "missing ) before %s", t)
	}
	return n, nil
}

// name parses a literal keyword, a call or a field path starting at t.
func (p *ruleParser) name(t ruleToken) (*RuleNode, *ruleError) {
	if t.kind == tokIdent {
		switch low := strings.ToLower(t.text); {
		case low == "true" || low == "false":
			return &RuleNode{Op: RuleLiteral, Type: Type{Kind: KindBool}, Value: low, Offset: t.off}, nil
		case ruleFuncs[low] != "" && p.peek().text == "(" && p.peek().kind == tokOp:
			return p.call(ruleFuncs[low], t)
		}
	}
	n := &RuleNode{Op: RuleField, Path: []string{t.text}, Offset: t.off}
	for {
		if _, ok := p.accept("."); !ok {
			return n, nil
		}
		seg := p.next()
		if seg.kind != tokIdent && seg.kind != tokQuoted {
			return nil, p.errorf(seg, "expected a field name after '.', found %s", seg)
		}
		n.Path = append(n.Path, seg.text)
	}
}

func (p *ruleParser) call(op RuleOp, t ruleToken) (*RuleNode, *ruleError) {
	p.next() // (
	n := &RuleNode{Op: op, Offset: t.off}
	for {
		arg, err := p.or()
		if err != nil {
			return nil, err
		}
		n.Args = append(n.Args, arg)
		if _, ok := p.accept(","); ok {
			continue
		}
		if end, ok := p.accept(")"); !ok {
			return nil, p.errorf(end, "expected , or ) in %s(...), found %s", t.text, end)
		}
		return n, nil
	}
}
