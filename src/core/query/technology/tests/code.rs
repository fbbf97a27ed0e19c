//! Imports and identifiers in code, per language, and the near misses that must name nothing.

use super::*;

fn code(content: &str, languages: &[&str]) -> Vec<String> {
    table().in_code(content, &strings(languages))
}

#[test]
fn imports_name_technologies() {
    let rust_use = format!("use {ASYNC_RUNTIME}::sync::Mutex;\nuse axum::Router;\n");
    let cases: &[(&str, &[&str], &[&str])] = &[
        (
            "import torch\nimport torch.nn as nn\n",
            &["python"],
            &["pytorch"],
        ),
        ("from django.db import models\n", &["python"], &["django"]),
        (
            "import pandas as pd, numpy as np\n",
            &["python"],
            &["pandas", "numpy"],
        ),
        (
            "from __future__ import annotations\nfrom . import views\n",
            &["python"],
            &[],
        ),
        (
            "import { NextResponse } from 'next/server'\n",
            &["typescript"],
            &["nextjs"],
        ),
        (
            "import {\n  useQuery,\n} from \"@tanstack/react-query\";\n",
            &["typescript"],
            &["tanstack-query"],
        ),
        (
            "const express = require('express');\n",
            &["javascript"],
            &["express"],
        ),
        (
            "const mod = await import(\"@nestjs/core\");\n",
            &["typescript"],
            &["nestjs"],
        ),
        (
            "import './styles.css'\nimport x from '../next'\n",
            &["typescript"],
            &[],
        ),
        (
            "package main\n\nimport (\n\t\"fmt\"\n\tgin \"github.com/gin-gonic/gin\"\n)\n",
            &["go"],
            &["gin"],
        ),
        (
            "import \"github.com/labstack/echo/v4\"\n",
            &["go"],
            &["echo"],
        ),
        (rust_use.as_str(), &["rust"], &[ASYNC_RUNTIME, "axum"]),
        (
            "using Microsoft.AspNetCore.Mvc;\nusing System.Text;\n",
            &["csharp"],
            &["aspnet-core"],
        ),
        (
            "using (var scope = provider.CreateScope()) { }\n",
            &["csharp"],
            &[],
        ),
        (
            "import org.springframework.boot.SpringApplication;\n",
            &["java"],
            &["spring-boot"],
        ),
        (
            "import io.ktor.server.application.*\n",
            &["kotlin"],
            &["ktor"],
        ),
        (
            "<?php\nuse Illuminate\\Support\\Facades\\Route;\n",
            &["php"],
            &["laravel"],
        ),
        ("require 'sinatra'\n", &["ruby"], &["sinatra"]),
        (
            "import 'package:flutter/material.dart';\n",
            &["dart"],
            &["flutter"],
        ),
        (
            "import 'package:flutter_riverpod/flutter_riverpod.dart';\n",
            &["dart"],
            &["riverpod"],
        ),
        ("import SwiftUI\n", &["swift"], &["swiftui"]),
        ("import \"forge-std/Test.sol\";\n", &[], &["foundry"]),
        ("#include <rclcpp/rclcpp.hpp>\n", &["cpp"], &["ros"]),
        ("@import \"tailwindcss\";\n", &["css"], &["tailwind"]),
        (
            "from mcp.server.fastmcp import FastMCP\n",
            &["python"],
            &["mcp"],
        ),
        (
            "import { McpServer } from \"@modelcontextprotocol/sdk/server/mcp.js\";\n",
            &["typescript"],
            &["mcp"],
        ),
    ];
    for (content, languages, expected) in cases {
        assert_eq!(code(content, languages), strings(expected), "{content}");
    }
}

#[test]
fn identifiers_name_technologies_without_an_import() {
    let cases: &[(&str, &[&str], &[&str])] = &[
        (
            "const [count, setCount] = useState(0);\n",
            &["typescript"],
            &["react"],
        ),
        (
            "@Module({ imports: [UsersModule] })\nexport class AppModule {}\n",
            &["typescript"],
            &["nestjs"],
        ),
        ("df = pd.read_csv(path)\n", &["python"], &["pandas"]),
        ("@pytest.fixture\ndef client():\n", &["python"], &["pytest"]),
        (
            "public class Player : MonoBehaviour {\n",
            &["csharp"],
            &["unity"],
        ),
        ("pragma solidity ^0.8.24;\n", &[], &["solidity"]),
        (
            "declare_id!(\"Fg6PaFpoGXkYsidMpWTK6W2BeZ7FEfcYkg476zPFsLnS\");\n",
            &["rust"],
            &["solana"],
        ),
        (
            "pub fn transfer(ctx: CpiContext<'_, '_, '_, 'info, Transfer<'info>>) {}\n",
            &["rust"],
            &["solana"],
        ),
        ("let signer = Signer::new(key);\n", &["rust"], &[]),
        ("class Order < ApplicationRecord\n", &["ruby"], &["rails"]),
        (
            "func (h *Handler) List(c *gin.Context) {\n",
            &["go"],
            &["gin"],
        ),
    ];
    for (content, languages, expected) in cases {
        assert_eq!(code(content, languages), strings(expected), "{content}");
    }
}

#[test]
fn near_misses_name_nothing() {
    let cases: &[(&str, &[&str])] = &[
        ("import nextjsfoo from 'nextjsfoo'\n", &["typescript"]),
        ("import reactive from 'reactive'\n", &["typescript"]),
        (
            "import validator from 'express-validator'\n",
            &["typescript"],
        ),
        ("from nextgen import build\n", &["python"]),
        (
            "const label = 'next';\nconst verb = \"express\";\n",
            &["typescript"],
        ),
        (
            "let useStateful = 1;\nconst reactor = new Reactor();\n",
            &["typescript"],
        ),
        ("import tokenize\nimport torchvisionary\n", &["python"]),
        ("fmt.Println(\"echo\")\n", &["go"]),
    ];
    for (content, languages) in cases {
        assert_eq!(code(content, languages), Vec::<String>::new(), "{content}");
    }
}

#[test]
fn the_file_languages_keep_out_technologies_of_other_languages() {
    let java = "@Component\npublic class Clock {}\n";
    assert_eq!(code(java, &["java"]), strings(&["spring-boot"]));
    let typescript = "@Component({ selector: 'app-clock' })\nexport class Clock {}\n";
    assert_eq!(code(typescript, &["typescript"]), strings(&["angular"]));
    assert_eq!(
        code("xs = np.array(values)\n", &["typescript"]),
        Vec::<String>::new()
    );
    assert_eq!(code("xs = np.array(values)\n", &[]), strings(&["numpy"]));
}

#[test]
fn only_the_first_64_kib_are_read() {
    let mut content = "x = 1\n".repeat(12_000);
    content.push_str("import torch\n");
    assert_eq!(code(&content, &["python"]), Vec::<String>::new());
    assert_eq!(
        code(&content[content.len() - 40..], &["python"]),
        strings(&["pytorch"])
    );
}

#[test]
fn imported_modules_are_listed_in_order_relative_ones_included() {
    let ts = "import { z } from \"zod\";\nimport { db } from \"@/server/db/client\";\n\
              import { slugify } from \"../lib/text\";\nimport { z as zz } from \"zod\";\n\
              const x = require(\"./billing/invoice\");\nexport const y = 1;\n";
    assert_eq!(
        crate::core::query::technology::imported_modules(ts),
        ["zod", "server/db/client", "lib/text", "billing/invoice"]
    );
    let py = "from app.models.order import Order\nimport logging, json\n\ndef f(): pass\n";
    assert_eq!(
        crate::core::query::technology::imported_modules(py),
        ["app.models.order", "logging", "json"]
    );
    let go = "package x\n\nimport (\n\t\"context\"\n\tpg \"github.com/acme/store/postgres\"\n)\n";
    assert_eq!(
        crate::core::query::technology::imported_modules(go),
        ["context", "github.com/acme/store/postgres"]
    );
    assert!(crate::core::query::technology::imported_modules("let a = 1;\n").is_empty());
}
