"""Search: short programs built from golf idioms, fitted to a task's examples.

Many tasks are one of a few shapes: a symmetry of the grid, a tiling of its mirror images, a
colour map, two halves of the input combined cell by cell, a grid laid out by its own cells
(a Kronecker product), a scale, a fixed crop, the background that walls enclose filled, a
repeating pattern's holes mended, rows continued with their period, a pattern stamped around
each cell of a colour, a grid painted by a rule (lines through cells, a frame, a spiral, ...),
one expression for every cell (`cells`).
`programs(task)` decomposes the train and test outputs into such shapes, writes each fitting
decomposition as the golf idiom for it (`p=lambda g:[r+r[::-1]for r in g]`), and returns
those that reproduce every train and test output when run. They are our own code, so they run
here; the pipeline then judges them in the sandbox on every example, like any other program,
and keeps one only when it is correct and shorter than the task's best.
"""

from __future__ import annotations

import ast
import functools
import itertools
import re
import signal
import threading
import warnings
from collections.abc import Callable, Iterator

from golf_ray.golf import cells, compress, passes, task_idioms

Grid = list[list[int]]
KEEP = 4  # expressions kept per sub-problem, shortest first: enough for the idioms to compete
DEPTH = 3  # nested splits (a 2x2 layout is two)
IDIOM_S = 5.0  # one candidate on a task's train and test examples: one that backtracks on
# another task's grid stops there, not the whole task's search (the stage kills that)

# The eight symmetries of a grid: how to compute each, and its idiom for an expression `x`.
_SYMMETRIES: dict[str, tuple[Callable[[Grid], Grid], str]] = {
    "id": (lambda g: g, "{}"),
    "flip_v": (lambda g: g[::-1], "{}[::-1]"),
    "flip_h": (lambda g: [r[::-1] for r in g], "[r[::-1]for r in {}]"),
    "rot180": (lambda g: [r[::-1] for r in g[::-1]], "[r[::-1]for r in {}[::-1]]"),
    "transpose": (lambda g: [list(r) for r in zip(*g, strict=True)], "[*zip(*{})]"),
    "rot_cw": (lambda g: [list(r) for r in zip(*g[::-1], strict=True)], "[*zip(*{}[::-1])]"),
    "rot_ccw": (lambda g: [list(r) for r in zip(*g, strict=True)][::-1], "[*zip(*{})][::-1]"),
    "anti": (
        lambda g: [list(r) for r in zip(*g[::-1], strict=True)][::-1],
        "[*zip(*{}[::-1])][::-1]",
    ),
}
# The cells of a 2x2 square at `a`, `b`, for each square that holds the cell at `i`, `j` (one cut
# by the border is short).
_SQUARE = "sum([s[b:b+2]for s in g[a:a+2]],[])"
_SQUARES_AROUND = "for a in(i-1,i)for b in(j-1,j)"
# The colour `m` alone, the empty rows and columns cut.
_ALONE = "(f:=lambda g:[*zip(*[r for r in g if m in r])])(f([[c*(c==m)for c in r]for r in g]))"
# How many rows and columns hold a colour `c`, for each of its cells (`s`: the grid's cells):
# high for cells strewn about, low for a block.
_SPREAD = "lambda c:sum(c in r for r in g+[*zip(*g)])/s.count(c)"
# `f`, defined before it, applied to a tall grid, else to the grid turned and turned back.
_TALL_ELSE_TURNED = "and len(g)>len(g[0])and f(g)or[*zip(*f([*zip(*g)]))]"
# A flood fill: each cell's value `{}` from the one before it along its row (`v`; the first
# reads the `{}` before the row), the grid turned a quarter after each pass, four passes a
# round and a round per row, so a value spreads along any path. `g` is the grid after it.
_FLOOD = "[g:=[*zip(*[[v:={}for c in({},*r)][1:]for r in g][::-1])]for _ in g*4]"
# Whole-grid idioms without parameters: cells falling to a side, empty rows and columns cut.
_IDIOMS = {
    "fall_down": "[*zip(*[sorted(c,key=bool)for c in zip(*g)])]",
    "fall_up": "[*zip(*[sorted(c,key=(0).__eq__)for c in zip(*g)])]",
    "fall_right": "[sorted(r,key=bool)for r in g]",
    "fall_left": "[sorted(r,key=(0).__eq__)for r in g]",
    "trim": "(f:=lambda g:[*zip(*[r for r in g if any(r)])])(f(g))",
    "drop_empty_rows": "[r for r in g if any(r)]",
    # cells with no neighbour set (or none of their colour) cleared; the 3x3 window from a
    # leading pad: [0,*s][j:j+3] is s[j-1:j+2] cut at the edge, shorter than s[j-(j>0):j+2]
    "lonely": "[[c*(sum(sum([0,*s][j:j+3])for s in[[],*g][i:i+3])>c)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    "lonely_colour": "[[c*(sum([0,*s][j:j+3].count(c)for s in[[],*g][i:i+3])>1)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the top left quarter of what the trim leaves
    "trim_quarter": "[g:=[*zip(*filter(any,g))]for _ in'ab']and[r[:len(r)//2]for r in g[:len(g)//2]]",
    "set_cells": "[[c for r in g for c in r if c]]",
    # a grid twice, once: along the longer side, or the side it repeats along
    "halve": "(h:=g[:len(g)//2])*2==g and len(g)>=len(g[0])and h or[r[:len(r)//2]for r in g]",
    # runs of equal rows and columns as one (with or without the empty ones)
    "dedupe": "(f:=lambda g:[*zip(*[r for i,r in enumerate(g)if[r]!=g[i-1:i]])])(f(g))",
    "dedupe_trim": "(f:=lambda g:[*zip(*[r for r in g if(r!=g)*any(g:=r)])])(f(g))",
    # a mirror image sharing its edge row or column
    "mirror_below": "g+g[-2::-1]",
    "mirror_above": "g[::-1]+g[1:]",
    "mirror_right": "[r+r[-2::-1]for r in g]",
    "mirror_left": "[r[::-1]+r[1:]for r in g]",
    "fill_common": "[[max(s:=sum(g,g),key=s.count)]*len(r)for r in g]",
    # a repeating pattern with holes (0) mended: a row becomes the most, cell by cell, of the
    # rows that agree with it wherever both are set; or a column; or both, one after the other
    "mend_rows": "[[*map(max,r,*[s for s in g if{a*b*(a-b)for a,b in zip(r,s)}<={0}])]for r in g]",
    "mend_columns": "[*zip(*[map(max,zip(*[s for s in zip(*g)if not any(a*b*(a-b)for a,b in zip(r,s))]))for r in zip(*g)])]",
    "mend": "(f:=lambda g:[*zip(*[map(max,zip(*[s for s in g if not any(a*b*(a-b)for a,b in zip(r,s))]))for r in g])])(f(g))",
    # cells in a 2x2 square of their colour kept, the others cleared
    "squares": f"[[c*any({_SQUARE}==4*[c]{_SQUARES_AROUND})for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # columns coloured by the rank of their sum, the tallest 1
    "ranked": "[[c and-~sorted({*map(sum,zip(*g))})[::-1].index(sum(k))for c,k in zip(r,zip(*g))]for r in g]",
    # the rows and columns that begin and end with the rarest colour, in it, on nothing
    "rarest_lines": "[[m*(r[0]==r[-1]==m or k[0]==k[-1]==m)for k in zip(*g)]for r in g if(m:=min(s:=[c for r in g for c in r if c],key=s.count))]",
    # the background between two cells of one colour in a row in that colour, or in a column
    "between_alike": "[[c or max({*r[:j]}&{*r[j:]}|{0})for j,c in enumerate(r)]for r in g]",
    "between_alike_columns": "[*zip(*[[c or max({*r[:j]}&{*r[j:]}|{0})for j,c in enumerate(r)]for r in zip(*g)])]",
    # ... in a column, else in a row
    "between_alike_both": "[g:=[*zip(*[[max(c,0)or s*max({*r[:j],0}&{*r[j:],0})or-c for j,c in enumerate(r)]for r in g])]for s in(-1,1)][1]",
    # below a header of two rows, the first row's colours in turn, each a whole row
    "header_rows": "g[:2]+[[g[0][i%len(g[0])]]*len(g[0])for i in range(len(g)-2)]",
    # the band of rows that are set repeated up and down the grid, in step with where it is
    "band_repeated": "(b:=[r for r in g if any(r)])and[b[(i-g.index(b[0]))%len(b)]for i in range(len(g))]",
    # each row, up to its last set cell, continued with its period across the grid
    "periodic_prefix": "[[x[i%min(p for p in range(1,99)if x[p:]==x[:-p])]for i in range(len(r))]for r in g if[x:=r[:max([0]+[j for j,c in enumerate(r)if c])+1]]]",
    # the colours of a square's rings, from the border in, in reverse order
    "rings_reversed": "(n:=len(g))and[[g[k][k]for j in range(n)if[k:=~min(i,j,n+~i,n+~j)%(-~n//2)]]for i in range(n)]",
    # ... each in the colour of the ring inside it, the colours repeating in their order
    "rings_rotated": "(n:=len(g))and[[g[k][k]for j in range(n)if[k:=~-min(i,j,n+~i,n+~j)%len({*sum(g,[])})]]for i in range(n)]",
    # the two colours swapped, whichever they are; or so and trimmed
    "swapped": "[[c and m-c for c in r]for r in g if[m:=sum({*sum(g,[])})]]",
    "trim_swapped": "(f:=lambda g:[*zip(*[r for r in g if any(r)])])(f([[c and m-c for c in r]for r in g if[m:=sum({*sum(g,[])})]]))",
    # a bar of each colour as tall as its count, the commonest first
    "histogram": "(s:=sum(g,[]))and[*filter(any,zip(*[[c]*-n+[0]*99for n,c in sorted({(-s.count(c),c)for c in s})]))]",
    # bands of colour mended: each cell the commonest of its row and column together
    "bands": "[[max(s:=r+[*k],key=s.count)for k in zip(*g)]for r in g]",
    # the colours, commonest first, down a column or along a row
    "by_count": "(s:=sum(g,[]))and[[c]for c in sorted({*s}-{0},key=s.count)[::-1]]",
    "by_count_row": "(s:=sum(g,[]))and[sorted({*s}-{0},key=s.count)[::-1]]",
    # ... all but the commonest (the ground the others lie on)
    "by_count_rest": "(s:=sum(g,[]))and[[c]for c in sorted({*s}-{0},key=s.count)[-2::-1]]",
    # the colours of the rows of one colour, each once, down a column; else of such columns
    "uniform_lines": "[[c]for c in dict.fromkeys(r[0]for r in g if{*r}=={r[0]})]or[[*dict.fromkeys(r[0]for r in zip(*g)if{*r}=={r[0]})]]",
    # a 2x2 block's colours thrown to the 2x2 blocks at its corners, each to the opposite one
    "corners_thrown": "((r:=[any(R)for R in g].index(1)),(c:=[any(k)for k in zip(*g)].index(1)))and[[v or(a*a==b*b==1)*g[r+(a<0)][c+(b<0)]for j,v in enumerate(R)if[b:=(j-c)//2]]for i,R in enumerate(g)if[a:=(i-r)//2]]",
    # two set cells' rows (on a tall grid, else columns) drawn whole in their colours, in turn,
    # at the cells' distance from the first on
    "lines_repeated": "(f:=lambda g:(R:=[(i,max(r))for i,r in enumerate(g)if any(r)])and[[(k>=0)*(k%d<1)*[R[0][1],R[1][1]][k//d%2]for c in r]for i,r in enumerate(g)if[d:=R[1][0]-R[0][0],k:=i-R[0][0]]])"
    + _TALL_ELSE_TURNED,
    # the commonest colour, or the densest (the fewest rows and columns a cell), alone, trimmed
    "commonest_trimmed": f"(m:=max(s:=[c for r in g for c in r if c],key=s.count))and{_ALONE}",
    "densest_trimmed": f"(m:=min({{*(s:=sum(g,[]))}}-{{0}},key={_SPREAD}))and{_ALONE}",
    # the cells on either side of a band of whole rows of 5 (else columns) fallen against it, in 5
    "fallen_to_band": "(f:=lambda g:(B:=[i for i,r in enumerate(g)if{*r}=={5}])and[[5*(i in B or i<B[0]and sum(map(bool,k[:B[0]]))>=B[0]-i or i>B[-1]and sum(map(bool,k[B[-1]:]))>i-B[-1])for k in zip(*g)]for i,r in enumerate(g)])(g)or[*zip(*f([*zip(*g)]))]",
    # the rows, the fewest set cells first, each fallen to the right
    "rows_by_count": "[sorted(r,key=bool)for r in sorted(g,key=lambda r:-r.count(0))]",
    # the trimmed grid's blocks of three cells a side, one cell each, laid out by themselves
    "trimmed_kron": "(f:=lambda g:[*zip(*[r for r in g if any(r)])])and(P:=[r[::3]for r in f(f(g))[::3]])and[[a and b for a in A for b in B]for A in P for B in P]",
    # 3x3 panels between lines of 5: those with the most cells set filled with their colour,
    # the others cleared
    "fullest_panels": "(n:=lambda i,j:sum(c%5>0 for r in g[i//4*4:i//4*4+3]for c in r[j//4*4:j//4*4+3]))and(M:=max(n(i,j)for i in(0,4,8)for j in(0,4,8)))and(x:=max({*sum(g,[])}-{5}))and[[5*(c==5)or(n(i,j)==M)*x for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the 3x3 under the cell of 5
    "under_marker": "((i:=[5 in r for r in g].index(1)),(c:=g[i].index(5)))and[r[c-1:c+2]for r in g[i+1:i+4]]",
    # in the last row, a 4 under each arch's hole (a blank cell with one colour left, right
    # and above it)
    "under_holes": "g[:-1]+[[4*any(0==r[j]<r[j-1]==(r+[0])[j+1]==s[j]for s,r in zip(g,g[1:]))for j in range(len(g[0]))]]",
    # of 3x3 panels down a tall grid (else across), the one whose shape is unlike the others'
    "odd_panel": "(f:=lambda g:(P:=[g[i:i+3]for i in range(0,len(g),3)])and(M:=[[[c>0 for c in r]for r in q]for q in P])and P[min(range(len(P)),key=lambda k:M.count(M[k]))])"
    + _TALL_ELSE_TURNED,
    # a cross of a whole row and column moved left and down by as many cells as there are 5s
    "cross_shifted": "(n:=sum(r.count(5)for r in g),R:=[len({*r})for r in g].index(1),C:=[len({*k})for k in zip(*g)].index(1))and[[g[R][0]*(j==C-n or i==R+n)for j in range(len(g[0]))]for i in range(len(g))]",
    # through the middle of each hollow square of 1 (five a side) on 8, its row and column in 6
    "ring_lines": "(C:=[(x,y)for x,r in enumerate(g)for y,c in enumerate(r)if r[y-2:y+3]==[1,8,8,8,1]==[s[y]for s in g[x-2:x+3]]])and[[c-(c>7)*2*any(i==x or j==y for x,y in C)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the top row's cells zigzagging down: every other row, their two neighbours instead
    "zigzag_down": "([t:=g[0],[*map(max,[0]+t,t[1:]+[0])]]*len(g))[:len(g)]",
    # a star stamped around each plus (a cell with set cells above and below): its arms'
    # colour on its row and column, its middle's on the diagonals, two cells out
    "plus_stars": "[[c or max([0]+[(d*e==0)*g[x-1][y]or(d*d==e*e)*g[x][y]for x,y in C if(d:=i-x)*d<5>(e:=j-y)*e])for j,c in enumerate(r)]for i,r in enumerate(g)if[C:=[(x,y)for x,s in enumerate(g)for y,v in enumerate(s)if v*g[x-1][y]*g[(x+1)%len(g)][y]]]]",
    # in the rows inside bars (of the cell's colour above and below), every other cell cleared,
    # counted from the row's first cell of that colour
    "dotted_middle": "[[c*((j-r.index(c))%2<1 or[s[j]for s in g[i-1:i+2]]!=[c]*3)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # inside the frame of the one colour that fills as many cells of some row as it has
    # columns (found nowhere but the frame)
    "frame_inside": "(m:=min({*sum(g,[])},key=lambda c:sum(c in k for k in zip(*g))-max(r.count(c)for r in g)))and(f:=lambda g:[*zip(*[r for r in g if m in r])])and[r[1:-1]for r in f(f(g))[1:-1]]",
    # the gaps, in 2, in the box around the 1s and in its one line across (the row or column
    # that holds two of the box's inner cells or more)
    "box_gaps": "(R:=[i for i,r in enumerate(g)if 1 in r])and(C:=[j for j,k in enumerate(zip(*g))if 1 in k])and(a:=R[0],b:=R[-1],c:=C[0],d:=C[-1])and[[v or 2*(a<=i<=b and c<=j<=d and(i in(a,b)or j in(c,d)or sum(r[c+1:d])>1 or sum(k[a+1:b])>1))for j,(v,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)]",
    # of blocks of colour strewn with the rarest colour, the one strewn most: each colour counts
    # the other cells in the rows and columns that hold it; the strewn colour's span the whole
    # grid, so the answer comes second
    "noisiest_region": "[[sorted({*sum(g,[])},key=lambda c:sum(v!=c in{*r}&{*k}for r in g for v,k in zip(r,zip(*g))))[-2]]]",
    # panels between whole lines of 5: the first marked 1, the middle 2, the last 3
    "panel_marks": "(L:=g.count(f:=[5]*len(g[0])))and(T:=[*zip(*g)])and(M:=T.count(F:=(5,)*len(g)))and[[c or(a*M==b*L)*(a*2%L<1)*(1+2*a//L)for j,c in enumerate(r)if[b:=T[:j].count(F)]]for i,r in enumerate(g)if[a:=g[:i].count(f)]]",
    # in every row but the first and the last, 9 on the background between set cells
    "inner_rows_between": "g[:1]+[[c or 9*any(r[:j])*any(r[j:])for j,c in enumerate(r)]for r in g[1:-1]]+g[-1:]",
    # the hole of each hollow square of 1 (as tall as it is wide) in 2 if even a side, else 7
    "square_holes": "[[c or 1 in r[:j]and 1 in r[j:]and 1 in k[:i]and 1 in k[i:]and(n:=r[j:].index(1)+r[j::-1].index(1))==k[i:].index(1)+k[i::-1].index(1)and(7,2)[n%2]for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)]",
    # boxes of 6 on 8: the ring around each in 3, its holes in 4
    "ringed": "[[c%8 or(6 in r[:j])*(6 in r[j:])*(6 in k[:i])*(6 in k[i:])and 4 or 8-5*(6 in sum([[0,*s][j:j+3]for s in[[],*g][i:i+3]],[]))for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)]",
    # the one pattern of colours copied over each block of 5 (its size), from its top left
    "stamped": "(T:=[x*30for n in g*30if(x:=[c for c in n if c%5])])and[[[f[x],T[f[:x].count(5)][a[:i].count(5)]][f[x]==5]for i,f in enumerate(zip(*g))]for x,a in enumerate(g)]",
    # panels between whole lines of one colour, evenly spaced: the set one copied to all
    "panels_copied": "(f:=lambda g:[i+1 for i,r in enumerate(g)if len({*r})<2 and r[0]]+[99])and(P:=f(g)[0],Q:=f([*zip(*g)])[0])and[[max(g[x][y]for x in range(i%P,len(g),P)for y in range(j%Q,len(r),Q))for j in range(len(r))]for i,r in enumerate(g)]",
    # of the shapes of at most three cells a side, the commonest (a 3x3 whose top row and
    # left column are set and whose ring holds none of its colour)
    "commonest_shape": "(f:=lambda i,j,k:[r[j-k*(j>0):j+3+k]for r in g[i-k*(i>0):i+3+k]])and(s:=lambda w:sum(w,[]).count(c))and max(L:=[w for i in range(len(g))for j in range(len(g[0]))if(c:=max((w:=f(i,j,0))[0]))*any(r[0]for r in w)and s(w)==s(f(i,j,1))],key=L.count)",
    # straight lines: the longest in 1, the shortest in 2, the rest in 4
    "lines_ranked": "(f:=lambda r,j:[*r[j:],0].index(0)+[*r[j::-1],0].index(0))and(S:=[[c and max(f(r,j),f(k,i))for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)])and(v:={*sum(S,[])}-{0})and[[c and[4,1,2][(c==max(v))+2*(c==min(v))]for c in r]for r in S]",
    # each colour's box filled with it
    "boxes_by_colour": "[[max(c for c in{*sum(g,[])}if(R:=[x for x,r in enumerate(g)if c in r])[0]<=i<=R[-1]and(C:=[y for y,k in enumerate(zip(*g))if c in k])[0]<=j<=C[-1])for j in range(len(r))]for i,r in enumerate(g)]",
    # a ring of 3 around each pair of set cells side by side (a lone cell gets none)
    "pairs_ringed": "(P:=[[0]*(len(g[0])+4)]*2+[[0,0,*r,0,0]for r in g]+[[0]*(len(g[0])+4)]*2)and[[c or 3*any(P[x][y]and P[x-1][y]+P[x+1][y]+P[x][y-1]+P[x][y+1]for x in(i+1,i+2,i+3)for y in(j+1,j+2,j+3))for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the colour whose cells, alone in their box, are their own mirror image
    "mirror_shape": f"[X for m in{{*sum(g,[])}}-{{0}}if(X:={_ALONE})==[r[::-1]for r in X]][0]",
    # where a whole row and a whole column cross, the colour of the one not on top
    "crossing_swapped": "[[c if 0 in r or 0 in k else max(r,key=r.count)+max(k,key=k.count)-c for c,k in zip(r,zip(*g))]for r in g]",
    # the shape of 2 moved straight at the 8s until their boxes touch
    "fallen_to_8": "(f:=lambda g:(R:=[i for i,r in enumerate(g)if 2 in r])[-1]<(S:=[i for i,r in enumerate(g)if 8 in r])[0]and[[8*(c>7)or 2*(g[i-S[0]+R[-1]+1][j]==2)for j,c in enumerate(r)]for i,r in enumerate(g)])and(f(g)or(h:=f(g[::-1]))and h[::-1]or(T:=[*zip(*g)])and((h:=f(T))and[*zip(*h)]or[*zip(*f(T[::-1])[::-1])]))",
    # the 3x3 around the cell of 8, every set cell in the shape's colour
    "marker_shape": "(i:=[8 in r for r in g].index(1),j:=g[i].index(8))and(W:=[r[j-1:j+2]for r in g[i-1:i+2]])and[[max({*sum(W,[])}-{8})*(c>0)for c in r]for r in W]",
    # each cell that touches a shape at a corner only, continued away from it to the
    # border
    "diagonal_rays": "(G:={(i,j):c for i,r in enumerate(g)for j,c in enumerate(r)})and(F:=lambda x,y:G.get((x,y),0))and[[c or max([F(x,y)for a in(1,-1)for b in(1,-1)for k in range(1,30)if F(x:=i-k*a,y:=j-k*b)*F(x-a,y-b)and not F(x+1,y)+F(x-1,y)+F(x,y+1)+F(x,y-1)]+[0])for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # each colour's two cells joined along the diagonal between them
    "corners_joined": "[[max([c for c in{*sum(g,[])}-{0}for(a,b),(d,e)in[[(x,y)for x,s in enumerate(g)for y,v in enumerate(s)if v==c]]if abs(i-a)==abs(j-b)and abs(i-d)==abs(j-e)and(i-a)*(i-d)<=0]+[0])for j in range(len(r))]for i,r in enumerate(g)]",
    # of the 3x3s with no blank cell, the one with the most 1s
    "most_ones_3x3": "max([[r[j:j+3]for r in g[i:i+3]]for i in range(len(g)-2)for j in range(len(g[0])-2)],key=lambda W:(0 not in(s:=sum(W,[])))*s.count(1))",
    # of the blocks (a set cell's run across and down from it), the one with the
    # most 2s: the first such is a block's top left (columns outer, so it still comes first)
    "most_twos_block": "max([[r[j:[*r,0].index(0,j)]for r in g[i:([*c,0]*9).index(0,i)]]for j,c in enumerate(zip(*g))for i in range(20)],key=lambda W:str(W).count('2'))",
    # the inside of each solid box (a set cell whose 3x3 is all set): the larger box's
    # in 2, the others' in 1
    "inner_by_size": "(f:=lambda r,j:[*r[j:],0].index(0)+[*r[j::-1],0].index(0))and(A:=[[f(r,j)*f(k,i)*(c>0)for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)])and(M:=max(map(max,A)))and[[c if len(w:=sum([s[j-(j>0):j+2]for s in g[i-(i>0):i+2]],[]))<9 or 0 in w else 1+(A[i][j]==M)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the pattern (colours but 0 and 8) over each shape of 8 like it; where it was,
    # blank
    "stamped_moved": "(E:=[(1j*i+j,c)for i,r in enumerate(g)for j,c in enumerate(r)if c%8])and(T:={1j*i+j for i,r in enumerate(g)for j,c in enumerate(r)if c==8})and[[sum(c for q,c in E*(c==8)if all(1j*i+j+w-q in T for w,c in E))for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the pattern (colours but 0 and 5) over each cell of 5, its middle there
    "stamped_at_5": "(R:=[i for i,r in enumerate(g)if{*r}-{0,5}])and(C:=[j for j,k in enumerate(zip(*g))if{*k}-{0,5}])and(h:=len(R)//2,w:=len(C)//2)and[[([g[R[0]+i-x+h][C[0]+j-y+w]for x,s in enumerate(g)for y,v in enumerate(s)if v==5 and abs(i-x)<=h and abs(j-y)<=w]or[c])[0]for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the colours with the most cells, by their first column, in as many rows as that
    "largest_colours": "(s:=sum(g,[]))and(M:=max(map(s.count,{*s}-{0})))and[sorted([c for c in{*s}-{0}if s.count(c)==M],key=lambda c:[c in k for k in zip(*g)].index(1))]*M",
    # each colour moved up or down until its bottom row is the bottom row of 1
    "bottoms_aligned": "(B:=lambda c:max(i for i,r in enumerate(g)if c in r))and[[max([c for c in{*sum(g,[])}-{0}if len(g)>i-B(1)+B(c)>=0<g[i-B(1)+B(c)][j]==c]+[0])for j in range(len(r))]for i,r in enumerate(g)]",
    # the box around the cells not of the commonest colour, that colour as 0
    "background_trimmed": "(b:=max(s:=sum(g,g),key=s.count))and(R:=[i for i,r in enumerate(g)if{*r}-{b}])and(C:=[j for j,k in enumerate(zip(*g))if{*k}-{b}])and[[c*(c!=b)for c in r[C[0]:C[-1]+1]]for r in g[R[0]:R[-1]+1]]",
    # a 2x2 of the colour whose box is the largest (rows times columns that hold it)
    "widest_colour": "[[max(range(1,10),key=lambda c:sum(c in r for r in g for k in zip(*g)if c in k))]*2]*2",
    # the 3 one step toward the 4: across, down or both
    "step_toward_4": "(s:=sum(g,[]))and(w:=len(g[0]),a:=s.index(3),b:=s.index(4))and(x:=a//w+(b//w>a//w)-(b//w<a//w),y:=a%w+(b%w>a%w)-(b%w<a%w))and[[4*(c==4)or 3*((i,j)==(x,y))for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the row, then in each next row a cell further right, its first cell repeated; half as
    # many rows as it is wide
    "fanned_right": "[[g[0][max(j-k,0)]for j in range(len(g[0]))]for k in range(len(g[0])//2)]",
    # a row of five: a 1 for each 2x2 square of 1 (of a square grid), then 0s
    "squares_counted": "[[1]*(n:=sum(sum([s[j:j+2]for s in g[i:i+2]],[])==[1]*4 for i in range(len(g))for j in range(len(g))))+[0]*(5-n)]",
    # the box around the rarest colour's cells, as it is
    "rarest_cropped": "(m:=min(s:=[c for r in g for c in r if c],key=s.count))and(R:=[i for i,r in enumerate(g)if m in r])and(C:=[j for j,k in enumerate(zip(*g))if m in k])and[r[C[0]:C[-1]+1]for r in g[R[0]:R[-1]+1]]",
    # the colour with fewer cells than its box has
    "holed_colour": "[[min({*(s:=sum(g,[]))}-{0},key=lambda c:s.count(c)-((R:=[i for i,r in enumerate(g)if c in r])[-1]-R[0]+1)*((C:=[i for i,r in enumerate(zip(*g))if c in r])[-1]-C[0]+1))]]",
    # from the 2x2 of 1 a ray of 1 up-left from its top left corner, from the 2x2 of 2 a ray
    # of 2 down-right from its bottom right
    "corner_rays": "(s:=sum(g,[]),w:=len(g[0]))and(a:=s.index(1),b:=len(s)+~s[::-1].index(2))and[[c or(i-a//w==j-a%w<0)or 2*(i-b//w==j-b%w>0)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # a ring of 4 around where the whole rows and the whole columns cross
    "crossing_ringed": "(R:=[i for i,r in enumerate(g)if 0 not in r])and(C:=[j for j,k in enumerate(zip(*g))if 0 not in k])and[[[c,4][(R[0]-2<i<R[-1]+2)*(C[0]-2<j<C[-1]+2)>(R[0]<=i<=R[-1])*(C[0]<=j<=C[-1])]for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # under each 2x2 with no blank cell, 3s two wide, a row for each colour it holds
    "counted_below": "[[c or 3*any(b<=j<=b+1 and a+2<=i<=a+1+len({*W})for a in range(len(g)-1)for b in range(len(r)-1)if 0 not in(W:=g[a][b:b+2]+g[a+1][b:b+2]))for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the shape of 2 moved to just inside the four 3s at a box's corners
    "moved_into_corners": "(R:=[2 in r for r in g].index(1)-[3 in r for r in g].index(1)-1,C:=[2 in k for k in zip(*g)].index(1)-[3 in k for k in zip(*g)].index(1)-1)and[[c%2*3 or 2*(len(g)>i+R>=0<=j+C<len(r)and g[i+R][j+C]==2)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # each 3x3 ring of 1 around a blank middle as a plus of 2
    "rings_to_plus": "(B:=[(a,b)for a in range(len(g))for b in range(len(g[0]))if[r[b:b+3]for r in g[a:a+3]]==[[1,1,1],[1,0,1],[1,1,1]]])and[[[c,*[2*(1 in(i-a,j-b))for a,b in B if-1<i-a<3>j-b>-1]][-1]for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # each lone cell moved into the corner of the 2x2 of 8 on its side, the 8s gone
    "corners_collected": "(s:=sum(g,[]),w:=len(g[0]))and(a:=s.index(8)//w,b:=s.index(8)%w)and[[max([v for x,R in enumerate(g)for y,v in enumerate(R)if v%8 and(a+(x>a),b+(y>b))==(i,j)]+[0])for j in range(w)]for i in range(len(g))]",
    # each set cell of the row as a diagonal up-right from the bottom of a square as wide as
    # the row times its set cells
    "diagonals_up": "(n:=len(g[0])*sum(map(bool,g[0])))and[[g[0][k]if 0<=(k:=i+j-n+1)<len(g[0])else 0 for j in range(n)]for i in range(n)]",
    # the top left 3x3 over each cell of 1, its middle there
    "stamped_at_1": "[[([g[i-x+1][j-y+1]for x,s in enumerate(g)for y,v in enumerate(s)if v==1 and abs(i-x)<2>abs(j-y)]or[c])[0]for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the colours of the lines of colour (a 5 over some), each once, in as many rows as
    # there are lines, across (or down, for columns)
    "lines_listed": "(f:=lambda g:[max({*r}-{5})for r in g if{*r}-{0,5}])and(A:=f(g))and(B:=f([*zip(*g)]))and(len(A)<len(B)and[[c]*len(A)for c in A]or[B]*len(B))",
    # the grid cut along its blank rows and columns, each part as one cell of its colour
    "panel_colours": "(f:=lambda g:(Z:=[-1]+[i for i,r in enumerate(g)if not any(r)]+[len(g)])and[*zip(*[[max(k)for k in zip(*g[a+1:b])]for a,b in zip(Z,Z[1:])if b>a+1])])(f(g))",
    # each 5 moved to the cell nearest it around the 2x2 of 2
    "drawn_to_block": "(s:=sum(g,[]),w:=len(g[0]))and(a:=s.index(2)//w,b:=s.index(2)%w)and[[2*(c==2)or 5*any(min(max(x,a-1),a+2)==i and min(max(y,b-1),b+2)==j for x,R in enumerate(g)for y,v in enumerate(R)if v==5)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the gaps of a zigzag of 2 three rows tall, four cells a turn, every third in 4
    "zigzag_filled": "[[c or 4*((abs(k%12-6)+g.index(r))//3!=1)for k,c in enumerate(r)]for r in g]",
    # the shape of 2 mirrored across the 2x2 of 3, every way
    "mirrored_about_block": "(s:=sum(g,[]),w:=len(g[0]))and(a:=2*(s.index(3)//w)+1,b:=2*(s.index(3)%w)+1)and[[c or 2*(2 in(g[x][y]for x in(i,a-i)for y in(j,b-j)if len(g)>x>=0<=y<w))for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # from a 2x2 with cells of 2, rays of its other colour two wide toward each 2's corner
    "rays_from_2s": "(k:=[c>0 for c in sum(g,[])].index(1),w:=len(g[0]))and(a:=k//w,b:=k%w)and(m:=max({*g[a][b:b+2],*g[a+1][b:b+2]}-{2}))and[[m if any((i-x)*(2*u-1)==(j-y)*(2*v-1)>=0 for u in(0,1)for v in(0,1)if g[a+u][b+v]==2 for x in(a,a+1)for y in(b,b+1))else c for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # twice the size (a square), each set cell continued down-right
    "diagonals_doubled": "[[max([g[i-k][j-k]for k in range(i+1)if i-k<len(g)>j-k>=0]+[0])for j in range(2*len(g))]for i in range(2*len(g))]",
    # the trimmed shape (of one colour) laid out in the shape of itself
    "self_kron": "[*zip(*filter(any,zip(*[[a&b for a in A for b in C]for A in g for C in g if A>[0]*99<C])))]",
    # inside the four cells at the set cells' box's corners, the other colour in
    # theirs
    "inside_corners_swapped": "(s:={*sum(g,[])}-{0})and(R:=[i for i,r in enumerate(g)if any(r)])and(C:=[j for j,k in enumerate(zip(*g))if any(k)])and[[c and sum(s)-c for c in r[C[0]+1:C[-1]]]for r in g[R[0]+1:R[-1]]]",
    # the middle of the 3x3 ring of one colour around a cell of another, as a 1x1
    "ring_centre": "[[c]for i in range(len(g)-2)for j in range(len(g[0])-2)if{*g[i][j:j+3],*g[i+1][j:j+3:2],*g[i+2][j:j+3]}=={x:=g[i][j]}and 0<x!=(c:=g[i+1][j+1])>0][:1]",
    # a 3x3 tiled once for each set cell, in turn, on a square as many tiles a side as it
    # has blank cells (z%10 keeps a larger grid's attempt small: it is wrong, not huge)
    "tiled_by_count": "(z:=str(g).count('0'))and[(r*(9-z-z*I)+[0]*27)[:3*z]for I in range(z%10)for r in g]",
    # the lone cell a row down; up from where it was, 4s in every other column
    # from its own
    "dropped_with_stripes": "(k:=[c>0 for c in sum(g,[])].index(1),w:=len(g[0]))and(a:=k//w,b:=k%w)and[[g[a][b]if(i,j)==(a+1,b)else 4*(i<=a and(j-b)%2<1)for j in range(w)]for i in range(len(g))]",
    # the top left cell's colour (the ground), a cell for each part whole lines cut it in
    "line_grid_size": "[[b:=g[0][0]]*-~sum(c!=b for c in g[0])]*-~sum(r[0]!=b for r in g)",
    # the rows and columns blank but for their ends: their blank cells in 3
    "blank_lines_3": "[[c or 3-3*any(r[1:-1])*any(k[1:-1])for c,k in zip(r,zip(*g))]for r in g]",
    # the box (a border around a colour) stretched over the box around every set cell
    "box_stretched": "(k:=[c%8>0 for c in sum(g,[])].index(1),w:=len(g[0]))and(a:=g[k//w][k%w],b:=g[k//w+1][k%w+1])and(R:=[i for i,r in enumerate(g)if any(r)])and(C:=[j for j,k in enumerate(zip(*g))if any(k)])and[[(a if i in(R[0],R[-1])or j in(C[0],C[-1])else b)if R[0]<=i<=R[-1]and C[0]<=j<=C[-1]else 0 for j in range(w)]for i in range(len(g))]",
    # from the one cell of the rarest colour, a ray away from its blank side, over blank
    # cells
    "ray_from_marker": "(s:=[c for r in g for c in r if c])and(m:=min(s,key=s.count))and(k:=sum(g,[]).index(m),w:=len(g[0]))and(a:=k//w,b:=k%w)and(d:=[(u,v)for u,v in((0,1),(1,0),(0,-1),(-1,0))if 0<=a-u<len(g)and 0<=b-v<w and g[a-u][b-v]==0][0])and[[c or m*((i-a)*d[1]==(j-b)*d[0]and(i-a)*d[0]+(j-b)*d[1]>0)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # each cell in line with the 2x2 of 3 (its rows or columns) drawn up to it
    "lines_to_block": "(q:=sum(g,[]).index(3),w:=len(g[0]))and(a:=q//w,b:=q%w)and[[c or(a<=i<=a+1)*max([v for y,v in enumerate(r)if(y<j<b or y>j>b+1)*(v-3)*v]+[0])or(b<=j<=b+1)*max([v for x,v in enumerate(k)if(x<i<a or x>i>a+1)*(v-3)*v]+[0])for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)]",
    # each cell in line with the block (the colour of the fewest rows and columns a
    # cell) drawn up to it, over a ground of the commonest colour
    "lines_to_densest": f"(s:=sum(g,[]))and(b:=max(s,key=s.count))+1and(m:=min({{*s}}-{{b}},key={_SPREAD}))and(R:=[i for i,r in enumerate(g)if m in r])and(C:=[j for j,k in enumerate(zip(*g))if m in k])and[[c if c-b else([v for y,v in enumerate(r)if R[0]<=i<=R[-1]and(y<j<C[0]or y>j>C[-1])and v-b and v-m]+[v for x,v in enumerate(k)if C[0]<=j<=C[-1]and(x<i<R[0]or x>i>R[-1])and v-b and v-m]+[b])[0]for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)]",
    # each cell moved beside the whole line of its colour, on its side (gone if none)
    "drawn_to_lines": "(f:=lambda g:(L:={j:k[0]for j,k in enumerate(zip(*g))if len({*k})<2and k[0]})and[[r[j]if j in L else max([x for y,x in enumerate(r)if y not in L for l in L if L[l]==x and(y<l==j+1 or y>l==j-1)]+[0])for j in range(len(r))]for r in g])(g)or[*zip(*f([*zip(*g)]))]",
    # the block of 8's edge cells in line with a cell outside it in that cell's colour
    "edges_facing": "(R:=[i for i,r in enumerate(g)if 8 in r])and(C:=[j for j,k in enumerate(zip(*g))if 8 in k])and[[c==8 and((i==R[0])*max(k[:i]+(0,))or(i==R[-1])*max(k[i+1:]+(0,))or(j==C[0])*max(r[:j]+[0])or(j==C[-1])*max(r[j+1:]+[0]))or c for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)]",
    # each cell inside a border of four sides moved next to the side of its colour
    # (gone if none)
    "sides_collected": "(h:=len(g),w:=len(g[0]),T:=g[0][1],B:=g[-1][1],L:=g[1][0],Q:=g[1][-1])and[[c if i in(0,h-1)or j in(0,w-1)else max([v for x in range(1,h-1)for y in range(1,w-1)if(v:=g[x][y])and(v==T and(i,j)==(1,y)or v==B and(i,j)==(h-2,y)or v==L and(i,j)==(x,1)or v==Q and(i,j)==(x,w-2))]+[0])for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the shape mirrored across the middle of the X (a colour's five cells), every way
    "mirrored_about_x": "(P:=[(i,j)for i in range(1,len(g)-1)for j in range(1,len(g[0])-1)if g[i][j]==g[i-1][j-1]==g[i-1][j+1]==g[i+1][j-1]==g[i+1][j+1]>0<sum(g,[]).count(g[i][j])<6][0])and[[c or max(g[x][y]for x in(i,2*P[0]-i)for y in(j,2*P[1]-j)if len(g)>x>=0<=y<len(r))for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the square frame of 2, the other shape (three cells a side) scaled to fill it
    "scaled_into_frame": f"(m:=max({{*sum(g,[])}}-{{2}}))and(n:=sum(2 in r for r in g))and(S:={_ALONE})and(k:=(n-2)//len(S))and[[2 if i in(0,n-1)or j in(0,n-1)else S[(i-1)//k][(j-1)//k]for j in range(n)]for i in range(n)]",
    # bands of colour (rows, else columns) with holes: each hole run across its band
    "holes_across_bands": "(f:=lambda g:[[c*all(s[j]for s in g if max(s,key=s.count)==max(r,key=r.count))for j,c in enumerate(r)]for r in g])and(all(len({*r}-{0})<2for r in g)and f(g)or[*zip(*f([*zip(*g)]))])",
    # of the frames, the one around the most strewn cells (the colour of the most rows and
    # columns a cell), its border in their colour
    "best_frame": f"(s:=sum(g,[]))and(x:=max({{*s}}-{{0}},key={_SPREAD}))and(f:=max({{*s}}-{{0,x}}))and[[x*(c>0)for c in r]for r in max([[r[j:j+([v==f for v in g[i][j:]]+[0]).index(0)]for r in g[i:i+([t[j]==f for t in g[i:]]+[0]).index(0)]]for i in range(len(g))for j in range(len(g[0]))if g[i][j]==f],key=lambda W:sum(W,[]).count(x))]",
    # a 3x3 pattern scaled up (the colour of the fewest rows and columns a cell),
    # back to 3x3, in the other colour
    "pattern_downscaled": f"(s:=sum(g,[]))and(m:=min({{*s}}-{{0}},key={_SPREAD}))and(x:=max({{*s}}-{{0,m}}))and(T:={_ALONE})and[[x*(c>0)for c in r[::len(T)//3]]for r in T[::len(T)//3]]",
    # the box between two whole rows and two whole columns; inside, each cell of a line's colour
    # drawn up to that line
    "crop_fallen_to_line": "(R:=[i for i,r in enumerate(g)if 0 not in r])and(C:=[j for j,k in enumerate(zip(*g))if 0 not in k])and(X:=[r[C[0]:C[-1]+1]for r in g[R[0]:R[-1]+1]])and(x:=max(s:=[c for r in X[1:-1]for c in r[1:-1]if c]or[-1],key=s.count))and[[c or x*(x==X[-1][1]and x in[s[j]for s in X[1:i]]or x==X[0][1]and x in[s[j]for s in X[i:-1]]or x==X[1][0]and x in r[j:-1]or x==X[1][-1]and x in r[1:j])for j,c in enumerate(r)]for i,r in enumerate(X)]",
    # a frame of four sides (blank corners) and a shape of 8 (no blank line) as big as its
    # inside: the shape inside it, each cell in the nearest side's colour (8 where two are)
    "shape_into_frame": "(b:=lambda m:(C:=[j for j,k in enumerate(zip(*g))if m(k)])and[r[C[0]:C[-1]+1]for r in g if m(r)])and(F:=b(lambda r:{*r}-{0,8}))and(S:=b(lambda r:8 in r))and(n:=len(S))and[[S[i-1][j-1]and((d:=[i-1,n-i,j-1,n-j]).count(min(d))>1and 8or[F[0][1],F[-1][1],F[1][0],F[1][-1]][d.index(min(d))])if 0<i<=n>=j>0 else c for j,c in enumerate(r)]for i,r in enumerate(F)]",
    # a 2x2 of three 3s and a 2 in a 3x3: two 4x4 blocks of 3 on a 9x9, one where the 2x2
    # starts, the other after it along the diagonal the 2 lies on
    "blocks_from_corner": "(P:=[(i,j)for i in(0,1,2)for j in(0,1,2)if g[i][j]])and(a:=P[0][0],b:=min(j for i,j in P),k:=sum(g,[]).index(2))and(m:=k//3-a==k%3-b,)and[[3*((U:=(i-a)//4)in(0,1)and(V:=(j-b)//4)in(0,1)and(U==V)==m)for j in range(9)]for i in range(9)]",
    # scaled by the number of colours other than the background
    "scale_colours": "(K:={*sum(g,[])}-{0})and[[c for c in r for _ in K]for r in g for _ in K]",
    # background regions (4-adjacent cells of 0) that touch a 1, filled with 1
    "regions_touching_1": _FLOOD.format("c or v*(v<2)", 2) + "[-1]",
    # shapes of 1 on 9 that enclose some of the background, in 8 (the outside 9s flooded to
    # 0 from the border first)
    "holed_shapes_8": _FLOOD.format("c*(c<9or v>0)", 0)
    + "+"
    + _FLOOD.format("[c,8][c==1<7<v]", 0)
    + "and[[c or 9for c in r]for r in g]",
    # shapes of 1 on 0 that enclose some of the background (rings), in 3 (the outside
    # flooded with 5)
    "closed_rings_3": _FLOOD.format("c or 5*(v>4)", 5)
    + "+"
    + _FLOOD.format("[c,3][c==1>v%3]", 5)
    + "and[[c%5for c in r]for r in g]",
    # the background regions: the largest in 1, the smallest in 8 (each cell of 0 numbered,
    # the largest number spread over its region)
    "regions_by_size": "[k:=9,g:=[[c or(k:=k+1)for c in r]for r in g]]+"
    + _FLOOD.format("max(c,c>9and v)", 0)
    + "and(s:=sum(g,()))and(L:=[s.count(c)for c in s if c>9])and[[c<10and c or(n:=s.count(c))==min(L)and 8or(n==max(L))+0for c in r]for r in g]",
    # a diagonal of 8 as long as the grid has shapes
    "shapes_counted": "[k:=0,g:=[[c and(k:=k+1)for c in r]for r in g]]+"
    + _FLOOD.format("c and max(c,v)", 0)
    + "and(n:=len({*sum(g,())})-1)and[[0]*i+[8]+[0]*(n-i-1)for i in range(n)]",
    # of the shapes, the one whose cells lie unlike any other's in 2, the others in 1: each cell
    # starts as its colour times 2**its place, the flood ORs a shape into one mask, and a mask
    # shifted down to its lowest bit is the shape's form (a colour of one bit, as 8, keeps
    # forms apart); the form found once is the odd one
    "odd_shape_out": "[k:=1,g:=[[c*(k:=k*2)for c in r]for r in g]]+[g:=[*zip(*[[v:=c and c|v for c in(0,*r)][1:]for r in g][::-1])]for _ in g*4]and(S:=[x//(x&-x)for x in{*sum(g,())}if x])and[[c and 1+(S.count(c//(c&-c))<2)for c in r]for r in g]",
    # the box of three cells a side around each shape, where the shape is not, in 7 (a box
    # is a window with a set cell on each of its sides)
    "shape_boxes_7": "[[c or 7*any(all(map(any,W:=[r[b:b+3]for r in g[a:a+3]]))*all(map(any,zip(*W)))*len(sum(W,[]))>8for a in range(i-2,i+1)for b in range(j-2,j+1))for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # three cells on a diagonal, evenly spaced: square rings around the middle one, as far
    # apart as they are
    "rings_from_diagonal": "(P:=[(i,j)for i,r in enumerate(g)for j,c in enumerate(r)if c])and(a:=P[1][0],b:=P[1][1],d:=a-P[0][0])and[[g[a][b]*(max(abs(i-a),abs(j-b))%d<1)for j in range(len(r))]for i,r in enumerate(g)]",
    # a frame with a cell inside each corner: each such cell thrown out past the opposite corner
    # (rows and columns alike: the line just outside one side of the frame reads the line just
    # inside the other; a cell keeps a colour found in the frame's top row)
    "inner_corners_out": "(M:=(F:=lambda G:{(R:=[i for i,r in enumerate(G)if any(r)])[0]-1:R[-1]-1,R[-1]+1:R[0]+1})(g),N:=F(zip(*g)))and[[v*(v in g[min(M)+1])or g[M.get(i,0)][N.get(j,0)]for j,v in enumerate(r)]for i,r in enumerate(g)]",
    # four pieces of three cells of a 2x2 put together: each where its missing cell faces in
    "corners_assembled": "(C:={D.count(0)*4+D.index(0):D for r,s in zip(g,g[1:])for D in zip(r,s,r[1:],s[1:])})and[C[B][A::2]+C[B-2][A::2]for B in(7,6)for A in(0,1)]",
    # a whole row (else column) of 5: each 2 drawn to it, each 1 drawn away from it
    "drawn_to_wall": "(f:=lambda g:(L:=[{*r}for r in g].index({5}),)and[[c or 2*(2 in(k[:i]if i<L else k[i:]))or+(1 in k[min(i,L):max(i,L)])for c,k in zip(r,zip(*g))]for i,r in enumerate(g)])and({5}in map(set,g)and f(g)or[*zip(*f([*zip(*g)]))])",
    # each column's bar raised by its own height
    "bars_raised": "[*zip(*[k[(H:=k.count(max(k))):]+(0,)*H for k in zip(*g)])]",
    # a line down the left side: the bottom row in 4, a diagonal of 2 from the top right
    # (built from the bottom up, so every row of the grid must be alike)
    "diagonal_and_floor": "[[c or 4>>k*3|2*(j==k)for j,c in enumerate(r)]for k,r in enumerate(g)][::-1]",
    # the top row's colours as L-shaped rings from the top left corner, repeated, twice as big
    "rings_extended": "(s:=[*filter(None,g[0])],R:=range(2*len(g)))and[[s[max(i,j)%len(s)]for j in R]for i in R]",
    # the 7s in line with the 1 gathered next to it, on their sides; the 3s next to the 2
    "gathered_to_1_2": "(F:=lambda v:divmod(sum(g,[]).index(v),len(g[0])))and[[c*(c<3)or max(Y*(abs(i-x)+abs(j-y)==1and Y in(r[j::j-y]if i==x else k[i::i-x]))for(x,y),Y in((F(1),7),(F(2),3)))for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)]",
    # two border columns (else rows): each cell between them in the nearer one's colour
    "nearest_border": "(f:=lambda g:[[c and r[2*j>=len(r)and-1]for j,c in enumerate(r)]for r in g])and(len({*g[0]})>1and f(g)or[*zip(*f([*zip(*g)]))])",
    # a bar of 2 from the left side: the rows above it one cell longer each, in 3; the rows
    # below one shorter each, in 1
    "staircase": "(R:=max(g))and[([(d<1)-~(d<0)]*(sum(R)//2-d)+[0]*30)[:len(r)]for d,r in enumerate(g,-g.index(R))]",
    # a cross of whole lines, a shape in the top left quarter: the shape mirrored into all four
    # quarters, in the lines' colour, the cross gone
    "cross_mirrored": "(q:=len(g)//2)and(x:=g[q][0])and[[x*(g[min(i,2*q-1-i)][min(j,2*q-1-j)]>0)for j in range(2*q)]for i in range(2*q)]",
    # three 4x4 panels of 5, each with its own holes: a row of three cells for each, in the
    # colour its holes stand for (three of its cells tell them apart, weighted 7, 1, 5, mod 9)
    "panel_patterns": "[[(g[1][j]*7+g[1][j+1]+g[2][j+1]*5)%9]*3for j in(0,5,10)]",
    # the 1s in the box around the 8s in 3
    "ones_in_box_3": "(R:=[i for i,r in enumerate(g)if 8 in r])and(C:=[j for j,k in enumerate(zip(*g))if 8 in k])and[[c+2*(c==1and R[0]<=i<=R[-1]and C[0]<=j<=C[-1])for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # a cell in each half of a 10x10: its half framed in its colour, with rows 2 and 7 whole
    "halves_framed": "[[max(sum(g[i//5*5:][:5],[]))*(i in(0,2,7,9)or j%9<1)for j in range(10)]for i in range(10)]",
    # the middle (two cells in from the border), each set cell in its quarter's corner colour
    "middle_by_corners": "(R:=range(2,(n:=len(g))-2))and[[g[i][j]and g[-(i*2>=n)][-(j*2>=n)]for j in R]for i in R]",
    # the left panel, beside it (a column of 5 between) turned clockwise, then upside down
    "panels_turned": "(P:=[r[:len(g)]for r in g])and[a+[5,*b,5]+c[::-1]for a,b,c in zip(P,zip(*P[::-1]),P[::-1])]",
    # the grid tiled 2x2, the background diagonal to a set cell in 8
    "tiled_diagonals_8": "(T:=[r*2for r in g*2])and[[c or 8*any(T[a][b]for a in(i-1,i+1)for b in(j-1,j+1)if-1<a<len(T)and-1<b<len(r))for j,c in enumerate(r)]for i,r in enumerate(T)]",
    # a 3x3 shape, one of four, as the colour it stands for (two corners tell them apart)
    "shape_to_colour": "[[[6,3,1,2][2*(g[0][0]>0)+(g[0][2]>0)]]]",
    # a cell in the bottom row: from its column rightwards every other column in its colour,
    # the gaps between them joined by a 5 at the top and the bottom in turn
    "columns_zigzag": "(x:=max(g[-1]),c:=g[-1].index(x))and[[[x,5*(i<1),x,5*(i>len(g)-2)][d%4]if(d:=j-c)>=0 else 0for j in range(len(r))]for i,r in enumerate(g)]",
    # the grid tiled 2x2, the background in columns with a set cell in 8
    "tiled_columns_8": "[r*2for r in[[c or 8*any(k)for c,k in zip(r,zip(*g))]for r in g]*2]",
    # a path of 8 from the 2 along its row to the 3's column, then along it to the 3
    "elbow_2_to_3": "[g:=[*zip(*[[c or 8*(u in r and(j-r.index(u))*(j-d)<1)for j,c in enumerate(r)]for r in g])]for u in(2,3)if[d:=[5-u in f for f in zip(*g)].index(1)]][-1]",
    # a path of 4 from the 8 along its column to the 2's row, then along it to the 2
    "elbow_8_to_2": "[[c or 4*(j==b and(i-a)*(i-e)<1or i==e and(j-b)*(j-d)<1)for j,c in enumerate(r)]for(a,b),(e,d)in[[divmod(sum(g,[]).index(v),len(g[0]))for v in(8,2)]]for i,r in enumerate(g)]",
    # a line of 7 down from the top: a V of alternating 7 and 8 columns opening up from its end
    "v_from_line": "(L:=str(g).count('7'))and[[(abs(d:=d+1)<=L)*(7+d%2)for c in r]for r in g if[L:=L-1,d:=~g[0].index(7)]]",
    # every other set cell of a row, counted from the right border, in 3
    "every_other_from_right": "[[c-(c>0)*(len(r)-j)%2*2for j,c in enumerate(r)]for r in g]",
    # a 3x3 of 5 drawn by the one colour there is (1 a plus, 2 a T, 3 a corner), as bits
    "colour_to_glyph": "[[5*([186,466,79][max(max(g))-1]>>8-3*i-j&1)for j in(0,1,2)]for i in(0,1,2)]",
    # a 3x3 of 5 drawn by how many colours there are: one a top row, two a diagonal, three
    # the other diagonal
    "colours_to_line": "[[5*[i<1,i==j,i+j==2][len({*sum(g,[])})-1]for j in(0,1,2)]for i in(0,1,2)]",
    # as many 2s as there are 1s, in a 3x3: along the top row, then its middle below
    "ones_counted_2": "[(L:=[2]*sum(map(sum,g))+[0]*4)[:3],[0,L[3],0],[0]*3]",
    # the cells on odd rows and columns of a 10x10, each as a 4x4 block of a 20x20
    "odd_cells_scaled": "[[g[a//4*2+1][b//4*2+1]for b in range(20)]for a in range(20)]",
    # a 3 beside a 2: the 3 in 8, the 2 gone
    "pairs_3_2": "[[c*(c not in(2,3)or 5-c not in r[j-1:j]+r[j+1:j+2]+[t[j]for t in g[i-1:i]+g[i+1:i+2]])or 8*(c==3)for j,c in enumerate(r)]for i,r in enumerate(g)]",
    # the set cells of every third column, from the first, in 6 (4 + 2)
    "third_columns_6": "[[c+(j%3<1<c)*2for j,c in enumerate(r)]for r in g]",
    # of the four 2x2 corners of a 5x5, the one unlike the others
    "odd_corner": "min(Q:=[[r[b:b+2]for r in g[a:a+2]]for a in(0,3)for b in(0,3)],key=Q.count)",
    # scaled by the number of colours less one; the background on the two diagonals through
    # the square block (the colour in neither the last row nor the last column) in 2
    "block_diagonals_scaled": "(k:=len(S:={*sum(g,[])})-1,G:=[[c for c in r for _ in[0]*k]for r in g for _ in[0]*k],B:=max(S-{*g[-1]}-{r[-1]for r in g}),a:=[B in r for r in G].index(1),b:=G[a].index(B),e:=b+G[a].count(B)-1)and[[c or 2*(i-j==a-b or i+j==a+e)for j,c in enumerate(r)]for i,r in enumerate(G)]",
    # whole lines through the 8 and through the 7, in their colours, 2 where they cross
    "lines_8_7_crossed": "[[[0,8,7,2][(8 in(s:=r+[*k]))+2*(7 in s)]for k in zip(*g)]for r in g]",
    # the rarest colour's one cell alone, a ring of 2 around it
    "rarest_ringed": "[[[2,m][i==a and j==b]*(abs(i-a)<2>abs(j-b))for j in range(len(r))]for s in[sum(g,[])]for m in[min(s,key=s.count)]for a,b in[divmod(s.index(m),len(g[0]))]for i,r in enumerate(g)]",
    # a border added: the edge rows and columns repeated, the corners blank
    "edges_repeated": "[[0,*g[0],0],*[r[:1]+r+r[-1:]for r in g],[0,*g[-1],0]]",
    # a plus of 3 halfway between the two 1s (their mean, as a complex number)
    "plus_between": "[[c|3*(abs(i+j*1j-S)<1.2)for j,c in enumerate(r)]for S in[sum(c*(i+j*1j)for i,r in enumerate(g)for j,c in enumerate(r))/2]for i,r in enumerate(g)]",
    # a bottom row with a run of one colour in its middle: diagonals of it up and out from the
    # row above's run, in the background
    "diagonals_from_base": "(m:=(r:=g[-1])[len(r)//2])and(a:=r.index(m))and[[c or m*(0<len(g)-2-i in(a-j,a-~j-len(r)))for j,c in enumerate(s)]for i,s in enumerate(g)]",
}
# A cell-wise condition on two cells `a`, `b` (colours; 0 is the background) as idioms.
_CONDITIONS = {
    (0, 0, 0, 1): ("a>0<b", "a*b>0"),
    (0, 1, 1, 1): ("a+b>0", "a|b>0"),
    (1, 0, 0, 0): ("a+b<1", "a|b<1"),
    (0, 1, 1, 0): ("(a>0)^(b>0)", "(a<1)^(b<1)"),
    (1, 0, 0, 1): ("(a>0)==(b>0)", "(a<1)==(b<1)"),
    (0, 0, 1, 0): ("a>0==b", "a>b<1"),
    (0, 1, 0, 0): ("b>0==a", "b>a<1"),
    (1, 1, 0, 0): ("a<1",),
    (0, 0, 1, 1): ("a>0",),
    (1, 0, 1, 0): ("b<1",),
    (0, 1, 0, 1): ("b>0",),
}


def programs(task) -> dict[str, str]:
    """Programs for `task` found by the search, each correct on its train and test examples:
    `{how it was built: source}`, shortest first. Several fits of one shape are all kept
    (`halves`, `halves#2`, ...): the shortest may hold on these examples and not on others."""
    pairs = [(e.input, e.output) for e in (*task.train, *task.test)]
    if not pairs or not all(_rectangular(g) for pair in pairs for g in pair):
        return {}
    found: dict[str, str] = {}  # source -> how
    seconds = IDIOM_S if threading.current_thread() is threading.main_thread() else None
    for how, expr in _candidates(pairs):
        source = program(expr)
        if source not in found and reproduces(source, pairs, seconds):
            found[source] = how
    out: dict[str, str] = {}
    for source in sorted(found, key=len):
        how = found[source]
        n = sum(k == how or k.startswith(f"{how}#") for k in out)
        out[how if n == 0 else f"{how}#{n + 1}"] = source
    return out


# An idiom that starts so is a whole program (`p=lambda g,k=9:...`, `def p(g):...`), not an
# expression in `g`: defaults, statements and recursion with a counter need one.
PROGRAM_STARTS = ("p=", "def p(", "import ")


# The fixed idioms come again for every task, and walrus_as_statements parses each: cached, the
# search spends ~70 ms less per task; 4096 outlasts one task's candidates (~600 to 1,500).
@functools.lru_cache(maxsize=4096)
def program(expr: str) -> str:
    """The program `p` whose value is `expr` in the grid `g`, or `expr` itself when it is a
    whole program (`PROGRAM_STARTS`); a leading walrus as a statement when that is shorter
    (`passes.walrus_as_statements`) and too short to be packed; each whole number run into the
    keyword after it (`passes.tight_keywords`)."""
    # a fit may write a colour before `else` or `or`: `5else` and `0or` do not parse (`5e`
    # starts an exponent, `0o` an octal)
    expr = re.sub(r"(\d)(else)\b", r"\1 \2", re.sub(r"\b(0+)(or)\b", r"\1 \2", expr))
    expr = expr.replace(" in [", " in[")
    source = expr if expr.startswith(PROGRAM_STARTS) else "p=lambda g:" + expr
    source = passes.tight_keywords(source)
    # A packed program's size is its deflated text's, which the def's may not lessen (on five
    # idioms: +3, +1, 0, 0 and -2 bytes).
    statements = passes.tight_keywords(passes.walrus_as_statements(source))
    return statements if len(statements) < compress.PACKS_FROM else source


def reproduces(
    source: str,
    pairs: list[tuple[Grid, Grid]],
    seconds: float | None = None,
    scope: dict | None = None,
) -> bool:
    """Whether `source`'s `p` maps every input to its output, as the checker compares them
    (tuples print as lists); with `seconds`, within that time (main thread only: a timer
    signal ends it). `source` runs in `scope` (a fresh dict unless given)."""
    return first_wrong(source, pairs, seconds, scope) is None


def first_wrong(
    source: str,
    pairs: list[tuple[Grid, Grid]],
    seconds: float | None = None,
    scope: dict | None = None,
) -> int | None:
    """The index of the first pair `source` gets wrong, fails on or runs out of time on (0 when
    it does not load); None when it reproduces them all (see `reproduces`)."""
    at = [0]  # the pair being run, for a timer that goes off in the middle
    scope = {} if scope is None else scope
    if seconds is None:
        return _first_wrong(source, pairs, at, scope)
    signal.signal(signal.SIGALRM, _out_of_time)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        return _first_wrong(source, pairs, at, scope)
    except TimeoutError:  # the timer went off on the way out
        return at[0]
    finally:
        while True:
            try:
                signal.setitimer(signal.ITIMER_REAL, 0)
                break
            except TimeoutError:  # ... or even here
                pass


def _first_wrong(
    source: str, pairs: list[tuple[Grid, Grid]], at: list[int], scope: dict
) -> int | None:
    try:
        exec(_compiled(source), scope)
        with warnings.catch_warnings():  # an idiom's `eval` of text made from another task's
            warnings.simplefilter("ignore", SyntaxWarning)  # grid: that grid fails, unprinted
            for k, (i, o) in enumerate(pairs):
                at[0] = k
                if not _same(scope["p"]([[*r] for r in i]), o):  # a fresh grid: `p` may mutate it
                    return k
        return None
    except Exception:  # the timer's TimeoutError too
        return at[0]


@functools.lru_cache(maxsize=4096)
def _compiled(source: str):
    """`source` compiled: every task's search tries the same idioms."""
    # quiet: e.g. a packed program's lone backslashes (`compress.literal`) warn when compiled,
    # a SyntaxWarning from Python 3.12, a DeprecationWarning before
    with warnings.catch_warnings():
        warnings.simplefilter("ignore", SyntaxWarning)
        warnings.simplefilter("ignore", DeprecationWarning)
        return compile(source, "<search>", "exec", dont_inherit=True)


def _out_of_time(signum, frame):
    raise TimeoutError


def _same(out, grid: Grid) -> bool:
    """Whether `out` prints as `grid` does (tuples as lists): `_plain(out) == grid`, with no
    copy made of a wrong one."""
    return (
        isinstance(out, list | tuple)
        and len(out) == len(grid)
        and all(
            isinstance(r, list | tuple) and list(r) == s for r, s in zip(out, grid, strict=True)
        )
    )


def _plain(x):
    if isinstance(x, list | tuple):
        return [_plain(v) for v in x]
    return x


def _rectangular(g) -> bool:
    return isinstance(g, list) and g and all(isinstance(r, list) and len(r) == len(g[0]) for r in g)


def _spaced(expr: str) -> str:
    """`expr` followed by a space when a keyword after it would join its last name."""
    return expr + " " * (expr[-1].isalpha() or expr[-1] == "_")


def _same_shape(g: Grid, t: Grid) -> bool:  # both rectangular
    return (len(g), len(g[0])) == (len(t), len(t[0]))


def _candidates(pairs) -> Iterator[tuple[str, str]]:
    inputs = [i for i, _ in pairs]
    outputs = [o for _, o in pairs]
    yield from _layouts(inputs, outputs, DEPTH)
    yield from _two_views(pairs)
    yield from _overlays(pairs)
    yield from _kronecker(pairs)
    yield from _crops(pairs)
    yield from _collected(pairs)
    yield from _counted(pairs)
    yield from _block_filled(pairs)
    yield from _panels(pairs)
    yield from _block_corners(pairs)
    yield from _panel_counts(pairs)
    yield from _ends_met(pairs)
    yield from _periodic(pairs)
    yield from _downscaled(pairs)
    yield from _sampled(pairs)
    yield from _enclosed(pairs)
    yield from _components(pairs)
    yield from _unmasked(pairs)
    yield from _neighbours(pairs)
    yield from _stamps(pairs)
    yield from _painted(pairs)
    yield from _IDIOMS.items()
    yield from task_idioms.IDIOMS.items()
    yield from _composed(pairs)
    yield from cells.programs(pairs)


# --------------------------------------------------------------------------- layouts


def _layouts(inputs: list[Grid], targets: list[Grid], depth: int) -> list[tuple[str, str]]:
    """Expressions in `g` that map each input to its target: a symmetry (with a colour map),
    a scale of a layout, or the target split in two (or three) parts, each a layout again."""
    found: list[tuple[str, str]] = []
    for name, (fn, idiom) in _SYMMETRIES.items():
        moved = [fn(g) for g in inputs]
        if moved == targets:
            found.append((name, idiom.format("g")))
            continue
        table = _colour_map(moved, targets)
        if table is not None:
            found += [(f"{name}+colours", e) for e in _mapped(idiom.format("g"), table)]
    if depth > 0:
        found += _scaled(inputs, targets, depth)
        found += _split(inputs, targets, depth)
    return _shortest(found)


def _shortest(found: list[tuple[str, str]]) -> list[tuple[str, str]]:
    seen, out = set(), []
    for how, expr in sorted(found, key=lambda he: len(he[1])):
        if expr not in seen:
            seen.add(expr)
            out.append((how, expr))
    return out[:KEEP]


def _atom(expr: str, concat: bool = False) -> str:
    """`expr` as an operand: of `*`, or (with `concat`) of `+`, where a sum needs no brackets."""
    with warnings.catch_warnings():  # `2for`: the digits are spaced out in `programs`
        warnings.simplefilter("ignore", SyntaxWarning)
        node = ast.parse(expr, mode="eval").body
    if isinstance(node, ast.BinOp) and concat and isinstance(node.op, ast.Add):
        return expr
    loose = ast.BinOp | ast.BoolOp | ast.Compare | ast.IfExp | ast.NamedExpr | ast.Lambda
    return f"({expr})" if isinstance(node, loose | ast.UnaryOp) else expr


def _split(inputs, targets, depth) -> list[tuple[str, str]]:
    found = []
    for parts in (2, 3):
        # Rows: each target `parts` bands tall.
        if all(len(t) % parts == 0 for t in targets):
            bands = [
                [t[k * len(t) // parts : (k + 1) * len(t) // parts] for t in targets]
                for k in range(parts)
            ]
            found += _joined(inputs, bands, depth, vertical=True)
        if all(len(t[0]) % parts == 0 for t in targets):
            w = [len(t[0]) // parts for t in targets]
            bands = [
                [[r[k * wk : (k + 1) * wk] for r in t] for t, wk in zip(targets, w, strict=True)]
                for k in range(parts)
            ]
            found += _joined(inputs, bands, depth, vertical=False)
    return found


def _sublayouts(inputs, targets, depth, vertical: bool) -> list[tuple[str, str]]:
    """`_layouts`, less those that may not be a comprehension's iterable (`for r in ...`, as
    sideways joins and scales have them): a walrus (`(x:=g[::-1])+x[::-1]`) may not stand there."""
    found = _layouts(inputs, targets, depth)
    return found if vertical else [(how, e) for how, e in found if ":=" not in e]


def _joined(inputs, bands, depth, vertical: bool) -> list[tuple[str, str]]:
    """Targets made of `bands` (top to bottom, or left to right)."""
    first = bands[0]
    n = len(bands)
    flip = _SYMMETRIES["flip_v" if vertical else "flip_h"][0]
    subs = _sublayouts(inputs, first, depth - 1, vertical)
    found = []
    if all(b == first for b in bands[1:]):
        for how, e in subs:
            found.append((f"{how}*{n}", f"{_atom(e)}*{n}" if vertical else f"[r*{n} for r in {e}]"))
    if n == 2 and [flip(t) for t in first] == bands[1]:
        for how, e in subs:
            if vertical:
                mirrored = f"{e}+{e}[::-1]" if e == "g" else f"(x:={e})+x[::-1]"
            else:
                mirrored = f"[r+r[::-1]for r in {e}]"
            found.append((f"{how}+mirror", mirrored))
    if n == 2 and [flip(t) for t in bands[1]] == first:
        for how, e in _sublayouts(inputs, bands[1], depth - 1, vertical):
            if vertical:
                mirrored = f"{e}[::-1]+{e}" if e == "g" else f"(x:={e})[::-1]+x"
            else:
                mirrored = f"[r[::-1]+r for r in {e}]"
            found.append((f"mirror+{how}", mirrored))
    if not found:
        each = [subs, *(_sublayouts(inputs, b, depth - 1, vertical) for b in bands[1:])]
        if all(each):
            for combo in itertools.islice(itertools.product(*each), KEEP):
                exprs = [e for _, e in combo]
                how = "|".join(h for h, _ in combo)
                if vertical:
                    found.append((f"stack({how})", "+".join(_atom(e, concat=True) for e in exprs)))
                else:
                    names = ",".join("abc"[:n])
                    zipped = f"for {names} in zip({','.join(exprs)})]"
                    found.append((f"side({how})", f"[{names.replace(',', '+')} {zipped}"))
                    found.append((f"side({how})", f"[[*{names.replace(',', ',*')}]{zipped}"))
    return found


def _scaled(inputs, targets, depth) -> list[tuple[str, str]]:
    """Each target cell repeated k x k times: a layout scaled up."""
    found = []
    for k in range(2, 6):
        if not all(len(t) % k == 0 and len(t[0]) % k == 0 for t in targets):
            continue
        small = [[r[::k] for r in t[::k]] for t in targets]
        if [_upscale(s, k) for s in small] != targets:
            continue
        times = f"'{' ' * k}'" if k < 4 else f"[0]*{k}"
        for how, e in _sublayouts(inputs, small, depth - 1, vertical=False):
            found.append(
                (
                    f"{how}+scale{k}",
                    f"[[c for c in r for _ in{times}]for r in {e} for _ in{times}]",
                )
            )
    return found


def _periodic(pairs) -> Iterator[tuple[str, str]]:
    """The input's rows continued with their period (the least shift that leaves them as they
    are) to the height every output has, or to twice the input's, with a colour map; or, for
    outputs as tall as their inputs, each row continued with its own period so."""
    if all(len(g) == len(t) for g, t in pairs):
        name, lines = "r", [r for g, _ in pairs for r in g]
        targets = [s for _, t in pairs for s in t]
    elif all(len(g[0]) == len(t[0]) for g, t in pairs):
        name, lines, targets = "g", [g for g, _ in pairs], [t for _, t in pairs]
    else:
        return
    sizes = {len(t) for t in targets}
    walks = [(str(min(sizes)), lambda x: min(sizes))] if len(sizes) == 1 else []
    walks.append((f"2*len({name})", lambda x: 2 * len(x)))
    period = f"min(p for p in range(1,99)if {name}[p:]=={name}[:-p])"
    for length, of in walks:
        continued = []
        for x in lines:
            p = next(p for p in range(1, len(x) + 1) if x[p:] == x[:-p])
            continued.append([x[i % p] for i in range(of(x))])
        walk = f"[{name}[i%{period}]for i in range({length})]"
        if name == "r":
            walk = f"[{walk}for r in g]"
        if continued == targets:
            yield "periodic", walk
        elif name == "g" and (table := _colour_map(continued, targets)) is not None:
            yield from (("periodic+colours", e) for e in _mapped(walk, table))


def _downscaled(pairs) -> Iterator[tuple[str, str]]:
    """Each k x k block of the input as its commonest colour."""
    for k in range(2, 6):
        if all((len(g), len(g[0])) == (k * len(t), k * len(t[0])) for g, t in pairs):
            block = f"sum([r[j:j+{k}]for r in g[i:i+{k}]],[])"
            span = f"range(0,len(g[0]),{k})]for i in range(0,len(g),{k})"
            yield "downscaled", f"[[max(s:={block},key=s.count)for j in {span}]"


def _sampled(pairs) -> Iterator[tuple[str, str]]:
    """Panels between whole lines of one colour, each as its first cell: the input read every
    `k` rows and columns (`k`: one past the first line of one colour), under a symmetry."""
    if not all(len(t) < len(g) for g, t in pairs):
        return
    step = "(k:=[len({*r})for r in g].index(1)+1)and"
    shorter = {  # the reversal inside the sample's comprehension
        "flip_h": "[r[::k][::-1]for r in g[::k]]",
        "rot180": "[r[::k][::-1]for r in g[::k][::-1]]",
    }
    for name, (_, idiom) in _SYMMETRIES.items():
        yield "sampled", step + shorter.get(name, idiom.format("[r[::k]for r in g[::k]]"))


def _upscale(g: Grid, k: int) -> Grid:
    return [[c for c in r for _ in range(k)] for r in g for _ in range(k)]


# --------------------------------------------------------------------------- colours


def _colour_map(grids: list[Grid], targets: list[Grid]) -> dict[int, int] | None:
    """The one colour -> colour table that turns every grid into its target, if there is one
    and it changes something."""
    table: dict[int, int] = {}
    for g, t in zip(grids, targets, strict=True):
        if len(g) != len(t) or any(len(r) != len(s) for r, s in zip(g, t, strict=True)):
            return None
        for r, s in zip(g, t, strict=True):
            for a, b in zip(r, s, strict=True):
                if table.setdefault(a, b) != b:
                    return None
    return table if any(a != b for a, b in table.items()) else None


def _mapped(expr: str, table: dict[int, int]) -> list[str]:
    changed = {a: b for a, b in table.items() if a != b}
    found = []
    if len(changed) == 1:
        ((a, b),) = changed.items()
        found.append(f"[[[c,{b}][c=={a}]for c in r]for r in {expr}]")
        found.append(f"[[c-(c=={a})*{a - b}for c in r]for r in {expr}]")
    if all(b == 0 for b in changed.values()) and table.get(0) == 0:
        keep = sorted(a for a, b in table.items() if a == b and a)
        if len(keep) == 1:
            found.append(f"[[c*(c=={keep[0]})for c in r]for r in {expr}]")
    full = [table.get(c, c) for c in range(max(table) + 1)]
    found.append(f"[[{full}[c]for c in r]for r in {expr}]".replace(", ", ","))
    return found


# --------------------------------------------------------------------------- two halves


def _two_views(pairs) -> Iterator[tuple[str, str]]:
    """The output, cell by cell, from two cells of the input: at the same place in its two
    halves (side by side, or one above the other, with or without a line between them), or in
    its first half and its second half's mirror image (a grid folded), or in the grid and one
    of its symmetries (a grid made symmetric, say)."""
    for vertical in (False, True):
        views, folded = [], []
        for g, t in pairs:
            if vertical:
                if len(t[0]) != len(g[0]) or not 2 * len(t) <= len(g) <= 2 * len(t) + 1:
                    break
                views.append((g[: len(t)], g[len(g) - len(t) :], t))
                folded.append((g[: len(t)], g[::-1][: len(t)], t))
            else:
                if len(t) != len(g) or not 2 * len(t[0]) <= len(g[0]) <= 2 * len(t[0]) + 1:
                    break
                w = len(t[0])
                views.append(([r[:w] for r in g], [r[len(r) - w :] for r in g], t))
                folded.append(([r[:w] for r in g], [r[::-1][:w] for r in g], t))
        else:
            rows = "for r,s in zip(g,g[{}])]" if vertical else "for r in g]"
            cells = "for a,b in zip(r,s)]" if vertical else "for a,b in zip(r,r[{}])]"
            for value in _cell_values(views):
                for k in _offsets(pairs, vertical):
                    at = f"{k}:"
                    yield "halves", f"[[{_spaced(value)}{cells.format(at)}{rows.format(at)}"
            for value in _cell_values(folded):  # zip stops at the end of the first half
                for k in _offsets(pairs, vertical, folded=True):
                    at = f":{k}:-1"
                    yield "folded", f"[[{_spaced(value)}{cells.format(at)}{rows.format(at)}"
    for name, (fn, idiom) in _SYMMETRIES.items():
        if name == "id":
            continue
        views = []
        for g, t in pairs:
            other = fn(g)
            if not (len(g) == len(other) == len(t) and len(g[0]) == len(other[0]) == len(t[0])):
                break
            views.append((g, other, t))
        else:
            for value in _cell_values(views):
                if name == "flip_h":
                    yield "mirrored", f"[[{_spaced(value)}for a,b in zip(r,r[::-1])]for r in g]"
                else:
                    other = idiom.format("g")
                    yield (
                        "mirrored",
                        f"[[{_spaced(value)}for a,b in zip(r,s)]for r,s in zip(g,{other})]",
                    )


def _offsets(pairs, vertical: bool, folded: bool = False) -> list[str]:
    """Ways to write where the second half starts: before its last rows or columns, or at a
    fixed index, or halfway; `folded`, where it ends read backwards (`r[:k:-1]`): before its
    last rows or columns, or halfway (`~len(r)//2` halves an odd side with a line between the
    halves too)."""
    side = 0 if vertical else 1
    out_sides = {(len(t), len(t[0]))[side] for _, t in pairs}
    in_sides = {(len(g), len(g[0]))[side] for g, _ in pairs}
    whole = "len(g)" if vertical else "len(r)"
    if folded:
        return [f"-{n + 1}" for n in out_sides if len(out_sides) == 1] + [f"~{whole}//2"]
    offsets = []
    if len(out_sides) == 1:
        (n,) = out_sides
        offsets.append(f"-{n}")
        if len(in_sides) == 1:
            offsets.append(str(next(iter(in_sides)) - n))
    return offsets + [f"{whole}//2", f"{whole}//2+1"]


def _cell_values(views) -> list[str]:
    """Expressions in two cells `a`, `b` that give the output cell, for every view: colour
    `on` where a condition on which cells are set holds (else `off`), or one of the cells."""
    table: dict[tuple[bool, bool], set[int]] = {}
    for a, b, t in views:
        for ra, rb, rt in zip(a, b, t, strict=True):
            for x, y, z in zip(ra, rb, rt, strict=True):
                table.setdefault((x > 0, y > 0), set()).add(z)
    values = ["a or b", "b or a", "max(a,b)", "a|b", "a&b", "a and b", "min(a,b)"]
    colours = set().union(*table.values())
    if len(colours) > 2 or any(len(v) > 1 for v in table.values()):
        return values
    on, off = max(colours), (min(colours) if len(colours) == 2 else 0)
    # A pair of cells never seen together may go either way: every completion is a candidate.
    options = [
        (0, 1) if k not in table else (int(on in table[k] and on != off),)
        for k in itertools.product((False, True), repeat=2)
    ]
    for bits in itertools.product(*options):
        for cond in _CONDITIONS.get(bits, ()):
            values.append(f"{on}*({cond})" if off == 0 else f"[{off},{on}][{cond}]")
    return values


def _overlays(pairs) -> Iterator[tuple[str, str]]:
    """The output, cell by cell, from the cells at the same place in the input's three parts
    side by side (or one above the other) or its four corners (quarters, with or without lines
    between them, or overlapping): the first that is set, in some order of the parts."""
    for shape in ("columns", "rows", "quarters"):
        fits = True
        for g, t in pairs:
            (h, w), (hh, ww) = (len(t), len(t[0])), (len(g), len(g[0]))
            if shape == "columns":
                fits &= hh == h and ww in (3 * w, 3 * w + 2)
            elif shape == "rows":
                fits &= ww == w and hh in (3 * h, 3 * h + 2)
            else:  # apart, or overlapping: the output's middle lines shared
                fits &= h < hh <= 2 * h + 1 and w < ww <= 2 * w + 1
        if not fits:
            continue
        if shape == "quarters":
            names, rows_at, cols_at = "abcd", _offsets(pairs, True), _offsets(pairs, False)
            for k, m in itertools.islice(itertools.product(rows_at, cols_at), KEEP):
                loop = f"for a,b,c,d in zip(r,r[{m}:],s,s[{m}:])]for r,s in zip(g,g[{k}:])]"
                for order in itertools.permutations(names):
                    yield "quarters", f"[[{' or '.join(order)} {loop}"
            continue
        # where the second part starts: a third of the way, past a line if there is one
        side = 0 if shape == "rows" else 1
        starts = {(len(g), len(g[0]))[side] + 1 for g, _ in pairs}
        if len(starts) == 1:
            k = starts.pop() // 3
            k2 = str(2 * k)
        else:
            k = f"-~len({'gr'[side]})//3"
            k2 = f"{k}*2"
        if shape == "columns":
            loop = f"for a,b,c in zip(r,r[{k}:],r[{k2}:])]for r in g]"
        else:
            loop = f"for a,b,c in zip(*s)]for s in zip(g,g[{k}:],g[{k2}:])]"
        for order in itertools.permutations("abc"):
            yield "thirds", f"[[{' or '.join(order)} {loop}"


# --------------------------------------------------------------------------- the grid laid out by itself


def _kronecker(pairs) -> Iterator[tuple[str, str]]:
    """Output cell (i*H+k, j*W+l) from input cells (i, j) and (k, l): the grid laid out by its
    own cells, each copy kept, blanked or recoloured by the cell it stands for (or kept where
    the grid has a colour, or its commonest)."""
    if all((len(t), len(t[0])) == (len(g) ** 2, len(g[0]) ** 2) for g, t in pairs):
        values = ["a&b", "a and b", "b and a", "a*(b>0)", "b*(a>0)", "(a<1)*b", "(b<1)*a"]
        colours = {c for g, _ in pairs for r in g for c in r} - {0}
        values += [f"(a=={x})*b" for x in sorted(colours)]  # copies where the grid has colour x
        for value in values:
            yield "kronecker", f"[[{_spaced(value)}for a in r for b in s]for r in g for s in g]"
        commonest = "[m:=max(t:=sum(g,[]),key=t.count)]"  # copies where its commonest colour is
        yield "kronecker", f"[[(a==m)*b for a in r for b in s]for r in g for s in g if{commonest}]"


# --------------------------------------------------------------------------- idioms composed


def _composed(pairs) -> Iterator[tuple[str, str]]:
    """An idiom that cuts the grid (`trim`, `dedupe`, ...) followed by a layout of its result
    (a symmetry, a scale, a tiling)."""
    targets = [t for _, t in pairs]
    for name in ("trim", "dedupe", "dedupe_trim", "drop_empty_rows"):
        idiom = _IDIOMS[name]
        scope: dict = {}
        try:
            exec(f"p=lambda g:{idiom}", scope)
            cut = [_plain(scope["p"]([[*r] for r in g])) for g, _ in pairs]
        except Exception:
            continue
        if not all(_rectangular(g) for g in cut):
            continue
        twice = re.fullmatch(r"\(f:=(.*)\)\(f\(g\)\)", idiom)  # a cut of rows, then columns
        for how, expr in _layouts(cut, targets, DEPTH - 1):
            if expr == "g":
                continue
            once = len(re.findall(r"\bg\b", expr)) == 1
            if once and twice:  # a walrus may not stand in a comprehension's iterable
                expr = re.sub(r"\bg\b", "f(f(g))", expr)
                yield f"{name}+{how}", f"(f:={twice[1]})and" + " " * expr[0].isalnum() + expr
            elif once and ":=" not in idiom:
                before, after = re.split(r"\bg\b", expr)
                yield f"{name}+{how}", before + idiom + after
            else:
                yield f"{name}+{how}", f"(lambda g:{expr})({idiom})"


# --------------------------------------------------------------------------- crops


def _small_shape(pairs) -> tuple[int, int] | None:
    """The outputs' height and width, when they all have one and it is 30 cells at most."""
    shapes = {(len(t), len(t[0])) for _, t in pairs}
    if len(shapes) != 1:
        return None
    ((h, w),) = shapes
    return (h, w) if h * w <= 30 else None


def _collected(pairs) -> Iterator[tuple[str, str]]:
    """The set cells, read row by row or column by column, laid out in the outputs' one small
    shape: row after row, or as a snake (every other row backwards); 0 where they run out."""
    if (shape := _small_shape(pairs)) is None:
        return
    h, w = shape
    rows = [f"s[{i * w or ''}:{i * w + w}]" for i in range(h)]
    snake = [r if i % 2 < 1 else f"s[{i * w + w - 1}:{i * w - 1}:-1]" for i, r in enumerate(rows)]
    for order in ("for r in g for c in r", "for k in zip(*g)for c in k"):
        cells = f"(s:=[c {order} if c]+[0]*{h * w})"
        yield "collected", f"{cells}and[{','.join(rows)}]"
        if h > 1:
            yield "collected_snake", f"{cells}and[{','.join(snake)}]"


def _counted(pairs) -> Iterator[tuple[str, str]]:
    """A small output of one colour `y` with as many cells set as the input has cells of colour
    `x` (or a fixed fraction of them: objects of `d` cells), the first of them in reading
    order, or of every other cell."""
    colours = {c for _, t in pairs for r in t for c in r} - {0}
    if (shape := _small_shape(pairs)) is None or len(colours) != 1:
        return
    h, w = shape
    (y,) = colours
    ins = {c for g, _ in pairs for r in g for c in r} - {0}
    for x in sorted(ins):
        ratios = set()
        for g, t in pairs:
            n, count = sum(c > 0 for r in t for c in r), sum(r.count(x) for r in g)
            if n or count:  # neither: any ratio holds
                ratios.add(count / n if n else None)
        if len(ratios) != 1 or not (d := next(iter(ratios))) or d != int(d):
            continue
        d, count = int(d), f"sum(r.count({x})for r in g)"
        first = f"(k<{count}{f'//{d}' if d > 1 else ''})"
        twice = f"//{d // 2}" if d % 2 < 1 else f"//{d}*2" if d > 1 else "*2"
        every = f"(k%2<1)*(k<{count}{twice})"
        cells = f"for k in range(i,i+{w})]for i in range(0,{h * w},{w})]"
        yield "counted", f"[[{'+' if y == 1 else f'{y}*'}{first}{cells}"
        yield "counted_every_other", f"[[{'' if y == 1 else f'{y}*'}{every}{cells}"


def _block_filled(pairs) -> Iterator[tuple[str, str]]:
    """A grid cut into blocks by lines of colour `x` every `p` rows and columns: each block
    filled with the colour of its middle cell, mapped (`+k`, or looked up in a list)."""
    if not all(_same_shape(g, t) for g, t in pairs):
        return
    first = pairs[0][0][0]
    for p in range(2, min(8, len(first) + 1)):
        x = first[p - 1]
        if not x or any(
            c != x
            for g, _ in pairs
            for i, r in enumerate(g)
            for j, c in enumerate(r)
            if i % p == p - 1 or j % p == p - 1
        ):
            continue
        m = (p - 1) // 2  # the middle of a block
        try:  # of every block, its middle's colour and the colour of each of its cells
            pieces = {
                (g[i - i % p + m][j - j % p + m], y)
                for g, t in pairs
                for i, r in enumerate(t)
                for j, y in enumerate(r)
                if i % p != p - 1 != j % p
            }
        except IndexError:  # a block cut short by the border, without a middle
            return
        table = dict(pieces)  # the middle's colour -> the block's
        if len(table) != len(pieces):
            return
        shifts = {y - c for c, y in table.items()}
        middle = f"g[i//{p}*{p}+{m}][j//{p}*{p}+{m}]"
        fills = [f"{middle}{k:+}".removesuffix("+0") for k in shifts if len(shifts) == 1]
        fills.append(
            f"{[table.get(c, 0) for c in range(max(table) + 1)]}[{middle}]".replace(" ", "")
        )
        for fill in fills:
            for keep in (f"c//{x}*{x}or ", f"{x}if c=={x}else "):
                yield (
                    "block_filled",
                    f"[[{keep}{fill}for j,c in enumerate(r)]for i,r in enumerate(g)]",
                )
        return


def _ends_met(pairs) -> Iterator[tuple[str, str]]:
    """Each row that is set at its first cell (and its last) filled from either end with that
    end's colour, meeting at a cell of colour `x` in the middle (an odd width)."""
    if not all(_same_shape(g, t) for g, t in pairs):
        return
    widths = {len(g[0]) for g, _ in pairs}
    middles = {t[i][len(r) // 2] for g, t in pairs for i, r in enumerate(g) if r != t[i]}
    if len(middles) != 1 or any(w % 2 < 1 for w in widths):
        return
    (x,) = middles
    if len(widths) == 1:
        k = next(iter(widths)) // 2
        yield "ends_met", f"[r[0]and[r[0]]*{k}+[{x}]+[r[-1]]*{k}or r for r in g]"
    yield "ends_met", f"[r[0]and[r[0]]*(k:=len(r)//2)+[{x}]+[r[-1]]*k or r for r in g]"


def _panel_counts(pairs) -> Iterator[tuple[str, str]]:
    """An 11x11 grid's 3x3 panels between lines, one cell each: colour `y` where the panel
    holds at least `k` cells of colour `x`."""
    if not all((len(g), len(g[0]), len(t), len(t[0])) == (11, 11, 3, 3) for g, t in pairs):
        return
    if len(ys := {c for _, t in pairs for r in t for c in r} - {0}) != 1:
        return
    (y,) = ys
    panels = list(itertools.product((0, 4, 8), repeat=2))
    for x in sorted({c for g, _ in pairs for r in g for c in r} - {0}):
        counts = [
            (sum(r[j : j + 3].count(x) for r in g[i : i + 3]), t[i // 4][j // 4] > 0)
            for g, t in pairs
            for i, j in panels
        ]
        set_ = [n for n, on in counts if on]
        if set_ and all(n < min(set_) for n, on in counts if not on):
            held = f"(sum(r[j:j+3].count({x})for r in g[i:i+3])>{min(set_) - 1})"
            cell = f"+{held}" if y == 1 else f"{y}*{held}"
            yield "panel_counts", f"[[{cell}for j in(0,4,8)]for i in(0,4,8)]"


def _block_corners(pairs) -> Iterator[tuple[str, str]]:
    """The background cells diagonally off each 2x2 block of colour `x` marked, one colour a
    corner (top left, top right, bottom left, bottom right): a cell whose diagonal neighbour is
    filled and the two cells between are not is a block's corner (blocks stand apart, off the
    edges)."""
    colours = {c for g, _ in pairs for r in g for c in r} - {0}
    if len(colours) != 1 or not all(_same_shape(g, t) for g, t in pairs):
        return
    (x,) = colours
    marks: dict[int, int] = {}  # corner -> its colour, as the outputs show it
    for g, t in pairs:
        for i, j in itertools.product(range(len(g) - 1), range(len(g[0]) - 1)):
            if g[i][j] == g[i][j + 1] == g[i + 1][j] == g[i + 1][j + 1] == x:
                corners = ((i - 1, j - 1), (i - 1, j + 2), (i + 2, j - 1), (i + 2, j + 2))
                for k, (a, b) in enumerate(corners):
                    if 0 <= a < len(t) and 0 <= b < len(t[0]):
                        marks.setdefault(k, t[a][b])
    if len(marks) < 4:
        return
    table = [marks[k] for k in range(4)]
    corner = "(b<j)+2*(a<i)"  # a, b: the diagonal neighbour, below or above, right or left
    mark = "(a<i)*2-~(b<j)" if table == [1, 2, 3, 4] else f"{table}[{corner}]".replace(" ", "")
    near = "for a in(i+1,i-1)for b in(j+1,j-1)"
    # the neighbour filled and the two cells between background: a block's corner, when the
    # blocks stand apart; doubled rows wrap past the edge onto the blank first row and column
    block = "(s:=(g*2)[a]*2)[b]>s[j]+(r*2)[b]"
    yield (
        "block_corners",
        f"[[c or sum({mark}{near}if{block})for j,c in enumerate(r)]for i,r in enumerate(g)]",
    )


def _panels(pairs) -> Iterator[tuple[str, str]]:
    """A grid cut into panels by whole rows and columns of colour `x`: each panel's background
    in the colour a table gives its place (the panel's row and column, counted in lines of `x`
    above and to the left), looked up in a string of digits."""
    if not all(_same_shape(g, t) for g, t in pairs):
        return
    colours = {c for g, _ in pairs for r in g for c in r} - {0}
    for x in sorted(colours):
        if not (table := _panel_colours(pairs, x)):
            continue
        wide = max(j for _, j in table) + 1
        high = max(i for i, _ in table) + 1
        digits = "".join(str(table.get(divmod(k, wide), 0)) for k in range(wide * high))

        def whole(line: str, x: int = x) -> str:
            return f"min({line})>{x - 1}" if x == max(colours) else f"{{*{line}}}=={{{x}}}"

        place = f"{wide}*sum({whole('s')}for s in g[:i])+sum({whole('k')}for k in[*zip(*g)][:j])"
        yield (
            "panels",
            f'[[c or int("{digits}"[{place}])for j,c in enumerate(r)]for i,r in enumerate(g)]',
        )


def _panel_colours(pairs, x: int) -> dict[tuple[int, int], int] | None:
    """(panel row, panel column) -> the colour its background takes, if one does in every
    example, and every example has a whole row and a whole column of `x`."""
    table: dict[tuple[int, int], int] = {}
    for g, t in pairs:
        rows = [all(c == x for c in r) for r in g]
        columns = [all(c == x for c in k) for k in zip(*g, strict=True)]
        if not any(rows) or not any(columns):
            return None
        for i, (r, s) in enumerate(zip(g, t, strict=True)):
            for j, (c, y) in enumerate(zip(r, s, strict=True)):
                if c == 0 and table.setdefault((sum(rows[:i]), sum(columns[:j])), y) != y:
                    return None
    return table


def _crops(pairs) -> Iterator[tuple[str, str]]:
    """The output is the same window of every input, or its first or last half or third."""
    g0, t0 = pairs[0]
    h, w = len(t0), len(t0[0])
    for top, left in itertools.product(range(len(g0) - h + 1), range(len(g0[0]) - w + 1)):
        if all([r[left : left + w] for r in g[top : top + h]] == t for g, t in pairs):
            rows = "g" if h == len(g0) else f"g[{top or ''}:{top + h}]"
            yield "crop", f"[r[{left or ''}:{left + w}]for r in {rows}]"
            break
    for k in (2, 3):
        ends = ("", f":len({{}})//{k}", f"-len({{}})//{k}:")  # all, the first part, the last
        for rows, cols in itertools.product(ends, repeat=2):
            rows, cols = rows.format("g"), cols.format("r")
            if cols:
                yield f"part{k}", f"[r[{cols}]for r in g{f'[{rows}]' if rows else ''}]"
            elif rows:
                yield f"part{k}", f"g[{rows}]"


# --------------------------------------------------------------------------- painted


def _painted(pairs) -> Iterator[tuple[str, str]]:
    """A grid painted with a colour `y` of the outputs: the background next to (or diagonal to) a
    cell of colour `x` of the inputs, or between two cells of colour `x` in its row or column (or
    row alone, or column alone); lines through the cells of colour `x` across the grid, and through
    the others along it, over them; lines across through `x` and down through `y`, in a third colour
    where they cross; a pattern that repeats along diagonals, each cell the most of the cells `p`
    diagonals apart; the `k`x`k` blocks that hold colour `x`; every cell not of the commonest
    colour; the cells of colour `x` with the one other colour there is; every set cell in the rarest
    colour, and that colour's own cells cleared; the tallest bar in `x` and the least in `y`, the
    others cleared; the diagonals through the one set cell; each row in one colour, looked up by
    where its cell of colour `x` is; the grid's frame; its middle column alone; the grid less its
    diagonals; a trail from each row's cell to the right, every other cell in `y`; a diagonal from
    the bottom left corner up, bouncing between the sides; or a square spiral walked in clockwise
    from the top left corner, a gap between its turns. The spiral's cell is set on even rings
    (`d`, from the border in), but for the one step where the walk turns inward, at `(d+1,d)`,
    which flips it (not on the innermost square of an even ring, where the walk has nowhere to
    go)."""
    if not all(_same_shape(g, t) for g, t in pairs):
        return
    ins = {c for g, _ in pairs for r in g for c in r}
    outs = {c for _, t in pairs for r in t for c in r}
    for x, y in itertools.product(sorted(ins - {0}), sorted(outs - {0})):
        near = f"any({x} in[0,*s][j:j+3]for s in[[],*g][i:i+3])"
        yield "halo", f"[[c or {y}*{near}for j,c in enumerate(r)]for i,r in enumerate(g)]"
        between = f"{x} in r[:j]and {x} in r[j:]or {x} in k[:i]and {x} in k[i:]"
        yield (
            "between",
            f"[[c or {y}*({between})for j,(c,k)in enumerate(zip(r,zip(*g)))]"
            "for i,r in enumerate(g)]",
        )
        across = f"[[c or {y}*({x} in r[:j]and {x} in r[j:])for j,c in enumerate(r)]for r in g]"
        yield "between_rows", across
        yield "between_columns", f"[*zip(*{across.replace('for r in g]', 'for r in zip(*g)]')})]"
    for x, y in itertools.permutations(sorted(ins - {0}), 2):
        if (z := _crossing(pairs, x, y)) is not None:
            lookup = f"[0,{x},{y},{z}][({x} in r)+2*({y} in k)]"
            yield "crossing", f"[[{lookup}for k in zip(*g)]for r in g]"
    for p, diagonal in itertools.product((2, 3, 4), ("a+b-i-j", "a-b-i+j")):
        same = f"v for a,s in enumerate(g)for b,v in enumerate(s)if({diagonal})%{p}<1"
        yield "diagonal_mend", f"[[max({same})for j in range(len(r))]for i,r in enumerate(g)]"
    for x in sorted(ins - {0}):
        cell = f"max({{*r}}-{{{x}}})or {x}*({x} in k)"
        yield "lines", f"[[{cell}for k in zip(*g)]for r in g]"
        yield "lines", f"[*zip(*[[{cell}for k in g]for r in zip(*g)])]"  # the other way
    # the commonest colour found once a cell is shortest; found once, a 30x30 grid's takes
    # milliseconds, not seconds
    small = all(len(g) * len(g[0]) <= 100 for g, _ in pairs)
    # sum(g,g): g's row lists before its cells; a row list ties the commonest colour only if
    # every cell of that colour lies in copies of that row, each holding it once
    commonest = "max(s:=sum(g,g),key=s.count)"
    for y in sorted(outs):
        if small:
            yield "uncommon", f"[[[{y},c][c=={commonest}]for c in r]for r in g]"
        yield "uncommon", f"(m:={commonest},)and[[[{y},c][c==m]for c in r]for r in g]"
        yield (
            "frame",
            f"[[{y}]*len(r)if i%~-len(g)<1 else[{y}]+[0]*(len(r)-2)+[{y}]for i,r in enumerate(g)]",
        )
    for x, y, k in itertools.product(sorted(ins - {0}), sorted(outs - {0}), (2, 3)):
        block = f"sum([s[j-j%{k}:][:{k}]for s in g[i-i%{k}:][:{k}]],[])"
        yield "blocks", f"[[{y}*({x} in {block})for j in range(len(r))]for i,r in enumerate(g)]"
    for x, y in itertools.product(sorted(ins), sorted(outs - {0})):
        square = f"{_SQUARE}.count({x})>{2 if x else 3}"
        yield (
            "square_mend",
            f"[[c or {y}*any({square}{_SQUARES_AROUND})for j,c in enumerate(r)]"
            "for i,r in enumerate(g)]",
        )
    for x in sorted(ins - {0}):
        yield "other", f"[[(c=={x})*(sum({{*sum(g,[])}})-{x})for c in r]for r in g]"
        if (table := _row_colours(pairs, x)) is not None:
            yield "row_lookup", f"[[{table}[r.index({x})]]*len(r)for r in g]"
    rarest = "min(s:=[c for r in g for c in r if c],key=s.count)"
    yield "rarest", f"[[(c>0!=c-m)*m for c in r]for r in g if(m:={rarest})]"
    for x, y in itertools.permutations(sorted(outs - {0}), 2):  # the tallest bar x, the least y
        tall, least = (f"*{v}" if v > 1 else "" for v in (x, y))
        cell = f"c and((s:=sum(k))==max(S)){tall}+(s==min(S)){least}"
        bars = "for r in g if(S:={*map(sum,zip(*g))}-{0})"
        yield "extremes", f"[[{cell}for c,k in zip(r,zip(*g))]{bars}]"
    yield "middle", "[[c*(j==len(r)//2)for j,c in enumerate(r)]for r in g]"
    yield "diagonals", "[[c*(j!=i!=len(r)+~j)for j,c in enumerate(r)]for i,r in enumerate(g)]"
    # the two diagonals through the one set cell, at row a and column b, in its colour m
    cell = "m:=max(map(max,g)),a:=[*map(max,g)].index(m),b:=g[a].index(m)"
    yield (
        "cross",
        f"[[m*(abs(i-a)==abs(j-b))for j in range(len(r))]for i,r in enumerate(g)if[{cell}]]",
    )
    for y in sorted(outs - ins):  # from each row's cell to the right, every other one in `y`
        trail = f"[0,x,{y}][(j>=s)*(x>0)*(1+(j-s)%2)]"
        yield "trail", f"[[{trail}for j in range(len(r))]for r in g if[x:=max(r),s:=r.index(x)]]"
    for y, b in itertools.product(sorted(ins - {0}), sorted(outs)):
        if y != b:  # from the bottom left corner, up, bouncing between the sides
            on_path = "j==min(t,len(r)*2-2-t)"
            cell = f"[{b},{y}][{on_path}]" if b else ("+" if y == 1 else f"{y}*") + f"({on_path})"
            yield (
                "bounce",
                f"[[{cell}for j in range(len(r))]for i,r in enumerate(g)"
                "if[t:=(len(g)+~i)%(len(r)*2-2)]]",
            )
    for y in sorted(outs - {0}):
        ring = "(d:=min(i,j,n+~i,n+~j))%2==(i==d+1==j+1)*(n-2*d>2 or d%2)"
        yield "spiral", f"(n:=len(g))and[[{y}*({ring})for j in range(n)]for i in range(n)]"


def _crossing(pairs, x: int, y: int) -> int | None:
    """The output's colour where a row that holds colour `x` crosses a column that holds `y`,
    if there is such a cell."""
    for g, t in pairs:
        columns = [set(k) for k in zip(*g, strict=True)]
        for r, s in zip(g, t, strict=True):
            if x in r:
                for k, v in zip(columns, s, strict=True):
                    if y in k:
                        return v
    return None


def _row_colours(pairs, x: int) -> str | None:
    """The list, as a literal, of each output row's one colour by where the first cell of
    colour `x` is in the input row; None unless every input row has one and every output row
    is one colour that its place alone decides."""
    table: dict[int, int] = {}
    for g, t in pairs:
        for r, s in zip(g, t, strict=True):
            if x not in r or len(set(s)) > 1 or table.setdefault(r.index(x), s[0]) != s[0]:
                return None
    return str([table.get(i, 0) for i in range(max(table) + 1)]).replace(" ", "")


# --------------------------------------------------------------------------- unmasked


# The images, under the other seven symmetries, of the cell at `i`, `j` of a square pattern
# centred one cell below and right of the grid's middle (`k - i` mirrors row `i`; `k` is the
# grid's side plus one), read in the grid `h`, padded with the patch's colour where an image
# falls off the grid.
_OFF_MIDDLE = "h[j][i],h[i][k-j],h[k-j][i],h[k-i][j],h[j][k-i],h[k-i][k-j],h[k-j][k-i]"


def _unmasked(pairs) -> Iterator[tuple[str, str]]:
    """A symmetric pattern with a patch of colour `x` over part of it: each cell of `x` takes
    the colour its mirror images have that is not `x` (left and right, up and down, both; and
    across the diagonals too on a square grid, whose pattern may also be centred one cell down
    and right of the grid's middle, 0 where no image is uncovered); or the patch alone, so
    uncovered."""
    images = ["r[~j],g[~i][j],g[~i][~j]"]
    if all(len(g) == len(g[0]) for g, _ in pairs):
        images.append(images[0] + ",g[j][i],g[~j][i],g[j][~i],g[~j][~i]")

    def uncovered(x, seen):  # the background is the least colour: `max` alone skips it
        return f"max({seen})" if x == 0 else f"max({{{seen}}}-{{{x}}})"

    if all(_same_shape(g, t) for g, t in pairs):
        hidden = {
            a
            for g, t in pairs
            for r, s in zip(g, t, strict=True)
            for a, b in zip(r, s, strict=True)
            if a != b
        }
        for x, seen in itertools.product(sorted(hidden), images):
            cell = f"[c,{uncovered(x, seen)}][c=={x}]"
            yield "unmasked", f"[[{cell}for j,c in enumerate(r)]for i,r in enumerate(g)]"
        if len(images) > 1:  # square: the pattern's middle may be off the grid's, one cell on
            for x in sorted(hidden):
                cell = f"[c,max({{{_OFF_MIDDLE}}}-{{{x}}}|{{0}})][c=={x}]"
                pad = f"h:=[s+[{x}]*2for s in g]+[[{x}]*99]*2,k:=len(g)+1"
                rows = f"for i,r in enumerate(g)if[{pad}]"
                yield "unmasked_off", f"[[{cell}for j,c in enumerate(r)]{rows}]"
        return
    ins = {c for g, _ in pairs for r in g for c in r}
    for x, seen in itertools.product(sorted(ins), images):
        patch = f"[[{uncovered(x, seen)}for j,c in enumerate(r)if c=={x}]for i,r in enumerate(g)if {x} in r]"
        yield "unmasked", patch


# --------------------------------------------------------------------------- neighbours

# How many cells of its colour a cell `c` at `i`, `j` sees: in its 3x3 window (itself too),
# or in its row and column next to it (itself twice); a window cut by the border counts less,
# as a block cut by it does.
_NEIGHBOURS = {
    "window": (
        "sum([0,*s][j:j+3].count(c)for s in[[],*g][i:i+3])",
        "[[c and{}for j,c in enumerate(r)]for i,r in enumerate(g)]",
        lambda g, i, j: sum(
            s[max(j - 1, 0) : j + 2].count(g[i][j]) for s in g[max(i - 1, 0) : i + 2]
        ),
    ),
    "cross": (
        "[0,*k][i:i+3].count(c)+[0,*r][j:j+3].count(c)",
        "[[c and{}for j,(c,k)in enumerate(zip(r,zip(*g)))]for i,r in enumerate(g)]",
        lambda g, i, j: (
            [s[j] for s in g][max(i - 1, 0) : i + 2].count(g[i][j])
            + g[i][max(j - 1, 0) : j + 2].count(g[i][j])
        ),
    ),
}


# The 3x3 window around a cell, row by row: the offsets of its cells from the middle one.
_WINDOW = list(itertools.product((-1, 0, 1), repeat=2))


def _stamps(pairs) -> Iterator[tuple[str, str]]:
    """A 3x3 pattern stamped around each cell of colour `x`, one pattern a colour (the commonest
    output at each place around its cells): the output cell is the most of what the stamps
    around it put there and of the cell itself, unless its colour is one that stamps and its
    pattern clears the middle. A colour whose window the outputs leave as they were does not
    stamp. The neighbours are walked by slices (`g[i+a-1:i+a]`), so none is out of the grid,
    and a pattern is written backwards, so the cell at (a-1, b-1) from the middle reads `3*a+b`."""
    if not all(_same_shape(g, t) for g, t in pairs):
        return
    seen: dict[int, list[dict[int, int]]] = {}  # colour -> per window cell, output -> count
    for g, t in pairs:
        for i, r in enumerate(g):
            for j, x in enumerate(r):
                if x:
                    counts = seen.setdefault(x, [{} for _ in _WINDOW])
                    for k, (a, b) in enumerate(_WINDOW):
                        if 0 <= i + a < len(g) and 0 <= j + b < len(r):
                            y = t[i + a][j + b]
                            counts[k][y] = counts[k].get(y, 0) + 1
    table = {}
    for x, counts in sorted(seen.items()):
        pattern = "".join(str(max(c, key=c.get, default=0)) for c in counts[::-1])
        if pattern != f"0000{x}0000":
            table[x] = pattern
    if not table or len(table) > 3:
        return
    keeps = all(pattern[4] == str(x) for x, pattern in table.items())
    if len(table) == 1:
        ((x, pattern),) = table.items()
        here, pick, what = f"c*(c!={x})", f"if s[j+b-1:j+b]==[{x}]", f"'{pattern}'"
    else:
        code = ",".join(f"{x}:'{pattern}'" for x, pattern in table.items())
        here, pick, what = "c*(c not in T)", "for v in s[j+b-1:j+b]if v in T", "T[v]"
    stamped = f"int({what}[3*a+b])for a in(0,1,2)for s in g[i+a-1:i+a]for b in(0,1,2){pick}"
    rows = "for i,r in enumerate(g)" + ("" if len(table) == 1 else f"if[T:={{{code}}}]")
    for start in ("c", here) if keeps else (here,):
        yield "stamps", f"[[max([{start}]+[{stamped}])for j,c in enumerate(r)]{rows}]"


def _neighbours(pairs) -> Iterator[tuple[str, str]]:
    """Each set cell recoloured (or kept, or cleared) by how many cells of its colour it sees
    (`_NEIGHBOURS`): a block's corners, edges and inside told apart, say; the background kept."""
    if not all(_same_shape(g, t) for g, t in pairs):
        return
    every = [  # every cell of every input, with its output
        (g, i, j, c, y)
        for g, t in pairs
        for i, (r, s) in enumerate(zip(g, t, strict=True))
        for j, (c, y) in enumerate(zip(r, s, strict=True))
    ]
    if any(c == 0 and y for *_, c, y in every):  # the background is kept
        return
    for how, (count, template, counted) in _NEIGHBOURS.items():
        seen: dict[int, set[tuple[int, int]]] = {}  # count -> (cell, output) pairs
        for g, i, j, c, y in every:
            if c:
                seen.setdefault(counted(g, i, j), set()).add((c, y))
        table = {}  # count -> the output colour, or "c" for the cell's own
        for n, outcomes in seen.items():
            if all(c == y for c, y in outcomes):
                table[n] = "c"
            elif len({y for _, y in outcomes}) == 1:
                table[n] = str(next(iter(outcomes))[1])
            else:
                break
        else:
            if set(table.values()) - {"c"}:  # some count recolours (none: no set cell)
                yield from _looked_up(table, count, template, f"neighbours_{how}")


def _looked_up(
    table: dict[int, str], count: str, template: str, how: str
) -> Iterator[tuple[str, str]]:
    for code in _lookups(table, count, missing="c"):
        yield how, template.format(code)


def _lookups(table: dict[int, str], count: str, missing: str) -> Iterator[str]:
    """`table` as code in the `count`: a list it indexes (`missing` where the table has no
    entry), and a pair indexed by a threshold on it where one splits two values."""
    yield f"[{','.join(table.get(n, missing) for n in range(max(table) + 1))}][{count}]"
    values = sorted(set(table.values()))
    if len(values) == 2:
        for low, high in itertools.permutations(values):
            cut = max(n for n, v in table.items() if v == low)
            if all((v == high) == (n > cut) for n, v in table.items()):
                yield f"[{low},{high}][{count}>{cut}]"


# --------------------------------------------------------------------------- enclosed


def _enclosed(pairs) -> Iterator[tuple[str, str]]:
    """The background (0) that no path through the background joins to the border takes
    colour `x`; what the border reaches stays 0 or takes colour `o`; or what was set is cleared
    too, the enclosed background alone left. Every 0 becomes `x`, then the flood fill
    (`_FLOOD`) turns each cell of `x` after one of `o` (or the border) into `o`."""
    if not all(_same_shape(g, t) for g, t in pairs):
        return
    became, cleared = set(), False
    for g, t in pairs:
        for r, s in zip(g, t, strict=True):
            for a, b in zip(r, s, strict=True):
                if a != b:
                    if a and b:
                        return
                    cleared |= b == 0
                    if b:
                        became.add(b)
    if not 1 <= len(became) <= 2 - cleared:
        return
    for x in became:
        for o in {0} | (became - {x}):
            cell = f"c*(c!={x}or v>0)" if o == 0 else f"[c,{o}][c=={x}and v=={o}]"
            walk = f"[g:=[[c or {x}for c in r]for r in g]]+{_FLOOD.format(cell, o)}"
            if cleared:
                yield "enclosed_alone", f"{walk}and[[{x}*(c=={x})for c in r]for r in g]"
            else:
                yield "enclosed", f"{walk}and g"


# --------------------------------------------------------------------------- components


def _components(pairs) -> Iterator[tuple[str, str]]:
    """Each component of colour `x` (its cells joined side by side) recoloured by its size,
    from a table fitted to the examples; nothing else changes. From each cell in turn (of a
    30 x 30 grid: the largest there is), `f` marks the component it starts -1 as it counts it,
    and the grid is made again with the marks coloured, once per component."""
    if not all(_same_shape(g, t) for g, t in pairs):
        return
    changed = {
        a
        for g, t in pairs
        for r, s in zip(g, t, strict=True)
        for a, b in zip(r, s, strict=True)
        if a != b
    }
    if len(changed) != 1:
        return
    (x,) = changed
    table: dict[int, int] = {}  # size -> colour
    for g, t in pairs:
        for group in _components_of(g, x):
            colours = {t[i][j] for i, j in group}
            if len(colours) > 1 or table.setdefault(len(group), min(colours)) != min(colours):
                return
    flood = (
        f"f:=lambda y,x:-1<y<len(g)and g[y][x:x+1]==[{x}]and"  # x=-1 slices nothing
        "(g[y].__setitem__(x,-1)or 1+f(y+1,x)+f(y-1,x)+f(y,x+1)+f(y,x-1))"
    )
    for colour in _sized(table, x):
        yield (
            "components",
            f"({flood},[g:=[[[v,{colour}][v<0]for v in r]for r in g]"
            "for i in range(900)if(n:=f(i//30,i%30))],g)[2]",
        )


def _components_of(g: Grid, x: int) -> list[list[tuple[int, int]]]:
    """The cells of each component of colour `x` in `g` (joined side by side)."""
    seen, found = set(), []
    for i, r in enumerate(g):
        for j, c in enumerate(r):
            if c == x and (i, j) not in seen:
                todo, group = [(i, j)], []
                seen.add((i, j))
                while todo:
                    a, b = todo.pop()
                    group.append((a, b))
                    for p, q in ((a + 1, b), (a - 1, b), (a, b + 1), (a, b - 1)):
                        if 0 <= p < len(g) and 0 <= q < len(r) and g[p][q] == x:
                            if (p, q) not in seen:
                                seen.add((p, q))
                                todo.append((p, q))
                found.append(group)
    return found


def _sized(table: dict[int, int], x: int) -> Iterator[str]:
    """`table` (size -> colour) as code in the size `n`: a difference or sum, the exceptions
    to the commonest colour, a list it indexes, or a threshold that splits two colours. A size
    the examples never had takes whatever the code gives."""
    (n0, v0), *_ = table.items()  # the one `a` that fits either form, if any: from one entry
    if all(v == v0 + n0 - n for n, v in table.items()):
        yield f"{v0 + n0}-n"
    if all(v == n + v0 - n0 for n, v in table.items()):
        a = v0 - n0
        yield f"n+{a}" if a > 0 else f"n-{-a}" if a else "n"
    usual = max(sorted(set(table.values())), key=list(table.values()).count)
    rest = ",".join(f"{n}:{v}" for n, v in sorted(table.items()) if v != usual)
    yield f"{{{rest}}}.get(n,{usual})"
    if max(table) < 30:
        yield from _lookups({n: str(v) for n, v in table.items()}, "n", missing=str(x))
