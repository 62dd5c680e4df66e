/** Written by `npm run samples` (scripts/samples.ts): the answers of the current engines to the API reference's sample requests, by operation and status. */
export const RECORDED_SAMPLES: Record<string, Record<string, unknown>> = {
  "importSources": {
    "200": {
      "status": "success",
      "imported": 1
    }
  },
  "detectText": {
    "200": {
      "status": "success",
      "task_id": null,
      "result": "human",
      "ai_score": 0.4665,
      "items": [
        {
          "text": "The committee reviewed the proposal on Monday and asked for a revised budget.",
          "prediction": "original",
          "ai_score": 0.4199
        }
      ],
      "service_name": "ci-textdetect-4.4.0",
      "execution_time": 0.0015,
      "word_count": 13,
      "credits_remaining": 24999987,
      "message": "The text is short (13 words): short texts carry little evidence, so the score stays near the middle; 60 words or more give a more confident verdict.",
      "user": {
        "id": 1
      }
    },
    "202": {
      "status": "pending",
      "task_id": "3de4781a-5dc9-43b9-a8c1-f9a03ed56932",
      "word_count": 13,
      "credits_remaining": 24999974,
      "user": {
        "id": 1
      },
      "result": null,
      "ai_score": null,
      "items": null,
      "service_name": null,
      "execution_time": null,
      "message": null
    }
  },
  "humanize": {
    "200": {
      "status": "success",
      "task_id": null,
      "result": "Artificial intelligence has become an integral part of modern society, changing the way we live and work. These technologies offer many benefits across many industries. Organizations can use machine learning to improve efficiency, streamline operations and drive innovation in a changing landscape that rewards careful planning.",
      "ai_score_before": 0.8319,
      "ai_score_after": 0.558,
      "service_name": "humanize-2.2.0",
      "execution_time": 0.2884,
      "word_count": 54,
      "credits_remaining": 24999920,
      "user": {
        "id": 1
      }
    },
    "202": {
      "status": "pending",
      "task_id": "29c467c7-b23a-40c1-8c3c-670383d33fb4",
      "word_count": 54,
      "credits_remaining": 24999866,
      "user": {
        "id": 1
      },
      "result": null,
      "service_name": null,
      "execution_time": null
    }
  },
  "detectAndHumanize": {
    "200": {
      "status": "success",
      "task_id": null,
      "ai_score": 0.8319,
      "detection_threshold": 0.5,
      "needs_humanization": true,
      "detector_service": "ci-textdetect-4.4.0",
      "detection_time": 0.0023,
      "word_count": 54,
      "user": {
        "id": 1
      },
      "credits_remaining": 24999758,
      "message": "AI score 0.8319 is above the threshold 0.5: the text was humanized.",
      "humanized": true,
      "original_content": "Artificial intelligence has become an integral part of modern society, transforming the way we live and work. Moreover, it is important to note that these technologies offer numerous benefits across various industries. Furthermore, organizations can leverage machine learning to enhance efficiency, streamline operations, and drive innovation in an ever-evolving landscape that rewards careful planning.",
      "humanized_content": "Artificial intelligence has become an integral part of modern society, changing the way we live and work. These technologies offer many benefits across many industries. Organizations can use machine learning to improve efficiency, streamline operations and drive innovation in a changing landscape that rewards careful planning.",
      "ai_score_before": 0.8319,
      "ai_score_after": 0.558,
      "humanizer_service": "humanize-2.2.0",
      "humanization_time": 0.0672,
      "total_time": 0.0696
    },
    "202": {
      "status": "pending",
      "task_id": "aba90ad0-797b-4aea-afa5-8a450845919d",
      "word_count": 54,
      "credits_remaining": 24999650,
      "user": {
        "id": 1
      },
      "ai_score": null,
      "detection_threshold": 0.5,
      "needs_humanization": null,
      "detector_service": null,
      "detection_time": null,
      "message": "Accepted for processing."
    }
  },
  "createBatch": {
    "202": {
      "status": "queued",
      "batch_id": "0667fbbc-e474-478c-9dd3-ba248d318be5",
      "service": "detector",
      "item_count": 1,
      "credits_held": 13,
      "credits_remaining": 24999637,
      "user": {
        "id": 1
      },
      "message": "Accepted: 1 item queued."
    }
  },
  "getAccount": {
    "200": {
      "user_id": 1,
      "plan": "25M",
      "credits_remaining": 24999637,
      "monthly_allotment": 25000000,
      "period_start": "2026-12-06T05:21:06.474Z",
      "period_end": "2027-01-06T05:21:06.474Z",
      "limits": {
        "max_active_keys": 25,
        "max_pending_jobs": 50,
        "image_requests_per_minute": 100,
        "humanizer_sync_requests_per_minute": 60
      },
      "usage": {
        "detector": 39,
        "humanizer": 108,
        "detect_and_humanize": 216,
        "grammar": 0,
        "plagiarism": 0,
        "image": 0,
        "voice": 0
      }
    }
  },
  "correctGrammar": {
    "200": {
      "status": "success",
      "corrected_text": "She goes to school every day.",
      "diff": [
        {
          "type": "replace",
          "original": "go",
          "corrected": "goes",
          "start": 4,
          "end": 6,
          "category": "grammar",
          "explanation": "The verb and its subject (or the determiner and its noun) must agree in number: \"goes\"."
        },
        {
          "type": "replace",
          "original": "days",
          "corrected": "day",
          "start": 23,
          "end": 27,
          "category": "grammar",
          "explanation": "The verb and its subject (or the determiner and its noun) must agree in number: \"day\"."
        }
      ],
      "issues": [
        {
          "category": "grammar",
          "severity": "high",
          "message": "Corrected 2 grammar errors."
        }
      ],
      "edits_count": 2,
      "changed": true,
      "input_words": 6,
      "input_chars": 28,
      "word_count": 6,
      "execution_time": 0.007,
      "credits_remaining": 24999631,
      "user": {
        "id": 1
      }
    }
  },
  "scanPlagiarism": {
    "200": {
      "status": "success",
      "scan_id": "226cc151-d43c-4fce-9c44-05a6dae39a01",
      "plagiarism_score": 0.965,
      "verdict": "severe_plagiarism",
      "summary": "About 97% of the text matches the one source checked, \"An article\" (example.com) (severe plagiarism).",
      "sources": [
        {
          "url": "https://example.com/article",
          "title": "An article",
          "domain": "example.com",
          "similarity_score": 0.943,
          "matched_word_count": 35,
          "matched_percentage": 94.59,
          "matches": [
            {
              "submitted_range": {
                "start": 7,
                "end": 200
              },
              "similarity": 0.943
            }
          ]
        }
      ],
      "highlights": [
        {
          "start": 7,
          "end": 200,
          "severity": "high",
          "source_index": 0
        }
      ],
      "stats": {
        "word_count": 37,
        "input_chars": 200,
        "sentence_count": 2,
        "sources_checked": 1,
        "processing_time_ms": 11
      },
      "word_count": 37,
      "execution_time": 0.013,
      "credits_remaining": 24999629,
      "user": {
        "id": 1
      }
    }
  },
  "detectImage": {
    "200": {
      "prediction": "real",
      "confidence": 0.6841,
      "probabilities": {
        "real": 0.6841,
        "fake": 0.1611,
        "inpainting": 0.1548
      },
      "credits_charged": 6,
      "credits_remaining": 24999623,
      "user": {
        "id": 1
      }
    }
  },
  "imageHealth": {
    "200": {
      "status": "healthy",
      "upstream": {
        "status": "healthy",
        "piscina_ready": true
      },
      "circuit": {
        "status": "closed",
        "failures": 0
      }
    }
  },
  "detectVoice": {
    "200": {
      "status": "success",
      "verdict": "natural_voice",
      "ai_probability": 0.4011,
      "natural_probability": 0.5989,
      "duration_seconds": 4,
      "segments": [],
      "billed_seconds": 4,
      "credits_used": 40,
      "execution_time": 0.281,
      "credits_remaining": 24999583,
      "user": {
        "id": 1
      }
    }
  },
  "voiceHealth": {
    "200": {
      "status": "healthy",
      "upstream": {
        "status": "healthy",
        "piscina_ready": true
      },
      "circuit": {
        "status": "closed",
        "failures": 0
      }
    }
  },
  "listSources": {
    "200": {
      "status": "success",
      "total": 1,
      "sources": [
        {
          "url": "https://example.com/article",
          "title": "An article",
          "domain": "example.com",
          "words": 41,
          "imported_at": "2026-12-06T05:21:09.244Z"
        }
      ]
    }
  },
  "livez": {
    "200": {
      "status": "alive"
    }
  },
  "readyz": {
    "200": {
      "status": "ready",
      "checks": {
        "database": "ready",
        "engines": "ready",
        "worker": "ready",
        "shutdown": "ready"
      }
    }
  },
  "getJob": {
    "200": {
      "status": "success",
      "task_id": "b639438d-b44d-4048-8a78-4eff5a34a701",
      "result": "human",
      "ai_score": 0.4665,
      "items": [
        {
          "text": "The committee reviewed the proposal on Monday and asked for a revised budget.",
          "prediction": "original",
          "ai_score": 0.4199
        }
      ],
      "service_name": "ci-textdetect-4.4.0",
      "execution_time": 0.0007,
      "word_count": 13,
      "credits_remaining": 24999570,
      "message": "The text is short (13 words): short texts carry little evidence, so the score stays near the middle; 60 words or more give a more confident verdict.",
      "user": {
        "id": 1
      }
    }
  },
  "getBatch": {
    "200": {
      "batch_id": "7ec61ffd-dd20-4aaa-bee1-63fc24b30b0d",
      "service": "detector",
      "status": "completed",
      "created_at": "2026-12-06T05:21:10.808Z",
      "completed_at": "2026-12-06T05:21:10.820Z",
      "item_count": 1,
      "counts": {
        "queued": 0,
        "running": 0,
        "succeeded": 1,
        "failed": 0,
        "cancelled": 0
      },
      "credits_held": 13,
      "credits_charged": 13,
      "credits_refunded": 0,
      "user": {
        "id": 1
      },
      "items": [
        {
          "index": 0,
          "ref": null,
          "status": "succeeded",
          "result": {
            "status": "success",
            "task_id": null,
            "result": "human",
            "ai_score": 0.4665,
            "items": [
              {
                "text": "The committee reviewed the proposal on Monday and asked for a revised budget.",
                "prediction": "original",
                "ai_score": 0.4199
              }
            ],
            "service_name": "ci-textdetect-4.4.0",
            "execution_time": 0.0005,
            "word_count": 13,
            "credits_remaining": 24999557,
            "message": "The text is short (13 words): short texts carry little evidence, so the score stays near the middle; 60 words or more give a more confident verdict.",
            "user": {
              "id": 1
            }
          },
          "error": null
        }
      ],
      "next_cursor": null
    }
  },
  "cancelBatch": {
    "200": {
      "batch_id": "fb41b59f-70bc-460c-b7db-069694f929f5",
      "service": "detector",
      "status": "running",
      "created_at": "2026-12-06T05:21:11.033Z",
      "completed_at": null,
      "item_count": 1,
      "counts": {
        "queued": 0,
        "running": 1,
        "succeeded": 0,
        "failed": 0,
        "cancelled": 0
      },
      "credits_held": 13,
      "credits_charged": 0,
      "credits_refunded": 0,
      "user": {
        "id": 1
      },
      "cancelled_items": 0
    }
  },
  "deleteSource": {
    "200": {
      "status": "success",
      "deleted": true
    }
  }
};
